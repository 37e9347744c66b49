// Bytes of webhook bodies a process holds (kept, or being read), shared by every receiver given it: a target
// or anyone on the network posting huge or endless deliveries costs this much memory at most, whatever the
// number of receivers and connections. A receiver takes bytes as a body arrives and gives them back when the
// delivery is refused, dropped or cleared, or when the receiver closes.
export class ByteBudget {
  #used = 0;

  constructor(readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new TypeError(`ByteBudget: limit must be an integer >= 0, got ${limit}`);
  }

  /** Takes `bytes` if they fit; false (nothing taken) if not. */
  take(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }

  get used(): number {
    return this.#used;
  }
}
