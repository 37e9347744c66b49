// One effect per Idempotency-Key: the first request's promise is stored under its key, so a concurrent
// duplicate awaits the same outcome and a later replay gets the stored result. Failures are forgotten
// once settled, so that a client may retry a request that was rejected.
export interface IdempotentOutcome<T> {
  value: T;
  /** True when this call did not run the effect but received an earlier call's result. */
  replayed: boolean;
}

export class IdempotencyCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  /**
   * `scope` separates organizations, callers and endpoints (e.g. `${org.id}|${keyId}|POST /v4/messages`);
   * `key` is the Idempotency-Key header value.
   */
  async run<T>(scope: string, key: string, effect: () => Promise<T> | T): Promise<IdempotentOutcome<T>> {
    const slot = `${scope}\u0000${key}`;
    const existing = this.entries.get(slot) as Promise<T> | undefined;
    if (existing !== undefined) return { value: await existing, replayed: true };
    const pending = (async () => effect())();
    this.entries.set(slot, pending);
    try {
      return { value: await pending, replayed: false };
    } catch (error) {
      this.entries.delete(slot);
      throw error;
    }
  }

  /** The stored result for a key, if its effect succeeded or is in flight. */
  peek(scope: string, key: string): Promise<unknown> | undefined {
    return this.entries.get(`${scope}\u0000${key}`);
  }
}
