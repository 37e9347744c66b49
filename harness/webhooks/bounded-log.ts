// An append-only log that keeps at most `maxItems` items and `maxBytes` bytes, dropping the oldest.
// A receiver under load keeps recording without growing past its budget, and says how much it dropped.

export class BoundedLog<T> {
  private items: T[] = [];
  private sizes: number[] = [];
  private head = 0;
  private bytes = 0;
  private droppedCount = 0;

  constructor(
    private readonly maxItems: number,
    private readonly maxBytes: number,
    /** Told of every item that leaves the log (dropped or cleared), with its size: a shared budget gets it back. */
    private readonly onLeave: (size: number) => void = () => undefined,
  ) {
    if (!Number.isSafeInteger(maxItems) || maxItems < 1) throw new TypeError(`BoundedLog: maxItems must be an integer >= 1, got ${maxItems}`);
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new TypeError(`BoundedLog: maxBytes must be an integer >= 0, got ${maxBytes}`);
  }

  /** Appends an item of `size` bytes, then drops the oldest until both budgets hold (the newest is always kept). */
  push(item: T, size: number): void {
    this.items.push(item);
    this.sizes.push(size);
    this.bytes += size;
    while (this.length > 1 && (this.length > this.maxItems || this.bytes > this.maxBytes)) this.dropOldest();
    this.compact();
  }

  /** Drops the oldest item to make room for one arriving; false when the log is empty. */
  dropOne(): boolean {
    if (this.length === 0) return false;
    this.dropOldest();
    this.compact();
    return true;
  }

  get length(): number {
    return this.items.length - this.head;
  }

  get dropped(): number {
    return this.droppedCount;
  }

  toArray(): T[] {
    return this.items.slice(this.head);
  }

  clear(): void {
    for (let i = this.head; i < this.sizes.length; i++) this.onLeave(this.sizes[i] ?? 0);
    this.items = [];
    this.sizes = [];
    this.head = 0;
    this.bytes = 0;
  }

  private dropOldest(): void {
    this.onLeave(this.sizes[this.head] ?? 0);
    this.bytes -= this.sizes[this.head] ?? 0;
    this.head += 1;
    this.droppedCount += 1;
  }

  // Dropping moves a head index instead of shifting the array (O(1)); the dead prefix is cut off
  // once it is as long as the live part, so the amortized cost stays constant.
  private compact(): void {
    if (this.head > 1024 && this.head >= this.length) {
      this.items = this.items.slice(this.head);
      this.sizes = this.sizes.slice(this.head);
      this.head = 0;
    }
  }
}
