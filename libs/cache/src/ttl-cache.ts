import { LRUCache } from 'lru-cache';

/**
 * Loads kept for `ttlMs` after the load *started*, so whatever a load read is never trusted
 * for longer than ttlMs after the database said it. Concurrent misses for one key share a
 * single load; a failed load (database down) is not remembered. At most `max` entries, the
 * least recently used going first. ttlMs = 0 disables it.
 */
export class TtlCache<K extends NonNullable<unknown>, V> {
  private readonly loads: LRUCache<K, Promise<V>> | null;

  constructor(ttlMs: number, max: number, now?: () => number) {
    // ttlResolution 0 reads the clock on each lookup instead of caching it behind a timer.
    this.loads = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs, ttlResolution: 0, perf: now && { now } }) : null;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const loads = this.loads;
    if (!loads) return load();
    const hit = loads.get(key);
    if (hit) return hit;
    const value = load();
    loads.set(key, value);
    value.catch(() => {
      if (loads.peek(key, { allowStale: true }) === value) loads.delete(key);
    });
    return value;
  }

  /**
   * Forgets the key now, e.g. a revoked API key, so its next get loads again. A load in flight
   * for it still answers the callers already waiting on it but is no longer kept.
   */
  delete(key: K): void {
    this.loads?.delete(key);
  }

  /** Forgets everything, e.g. when this process may have missed deletions. */
  clear(): void {
    this.loads?.clear();
  }

  get size(): number {
    return this.loads?.size ?? 0;
  }
}
