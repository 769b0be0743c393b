/**
 * A least-recently-used map bounded by entry count and by a total size its owner measures (bytes
 * of cached answers): keys may carry client text (a search), so neither may grow without limit.
 */
export class BoundedLru<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly sizeOf: (value: V) => number,
    private readonly maxEntries: number,
    private readonly maxSize: number,
  ) {}

  /** The value under `key`, marked as used most recently. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Stores `value` under `key` (replacing what was there), then drops the least used past the bounds. */
  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.total -= this.sizeOf(old);
    }
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    // One entry bigger than the size bound is still kept: the bound is for the many.
    while (this.entries.size > this.maxEntries || (this.total > this.maxSize && this.entries.size > 1)) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.total -= this.sizeOf(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
