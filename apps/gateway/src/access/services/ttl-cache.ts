interface Entry<V> {
  value: Promise<V>;
  expiresAt: number;
}

/**
 * A bounded cache of loads that expire `ttlMs` after the load *started*, so whatever the load
 * read is never trusted for longer than ttlMs after the database said it. Concurrent misses for
 * one key share a single load. When full, the oldest entry goes first. ttlMs = 0 disables it.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.entries.delete(key);
    const entry: Entry<V> = { value: load(), expiresAt: now + this.ttlMs };
    // A failed load (database down) must not be remembered.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.insert(key, entry);
    return entry.value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private insert(key: K, entry: Entry<V>): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }
}

/** A Map that forgets its oldest entries beyond a bound (per-key bookkeeping that must not grow forever). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.maxEntries) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
