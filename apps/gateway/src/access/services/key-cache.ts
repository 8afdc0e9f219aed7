import { LRUCache } from 'lru-cache';

/**
 * The API-key lookups of one process: valid keys and refused ones in two separate LRUs, so a
 * flood of unknown keys (one entry each) can only push out other unknown keys, never the valid
 * keys that real callers are using. Each answer is kept for `ttlMs` after its load *started*,
 * so nothing a load read is trusted longer than that after Postgres said it; concurrent lookups
 * of one key share one load, and a failed load (Postgres down) is not remembered. ttlMs = 0
 * disables both.
 */
export class KeyCache<V extends NonNullable<unknown>> {
  private readonly valid: LRUCache<string, V>;
  private readonly refused: LRUCache<string, true>;
  private readonly loading = new Map<string, Promise<V | null>>();

  constructor(
    private readonly ttlMs: number,
    maxValid: number,
    maxRefused: number,
    private readonly now: () => number = Date.now,
  ) {
    const options = { ttl: Math.max(ttlMs, 1), ttlResolution: 0, perf: { now } };
    this.valid = new LRUCache({ ...options, max: maxValid });
    this.refused = new LRUCache({ ...options, max: maxRefused });
  }

  get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (this.ttlMs <= 0) return load();
    const hit = this.valid.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    if (this.refused.get(key)) return Promise.resolve(null);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = this.now();
    const value = load();
    this.loading.set(key, value);
    const settle = () => {
      // Only the load still registered may be kept: delete()/clear() meanwhile disowns it.
      const own = this.loading.get(key) === value;
      if (own) this.loading.delete(key);
      return own;
    };
    value.then((result) => {
      const ttl = this.ttlMs - (this.now() - started);
      if (!settle() || ttl <= 0) return;
      if (result === null) this.refused.set(key, true, { ttl });
      else this.valid.set(key, result, { ttl });
    }, settle);
    return value;
  }

  /** Whether a load of `key` is in flight: a get() now would share it, not load again. */
  isLoading(key: string): boolean {
    return this.loading.has(key);
  }

  /** Forgets the key now (a revoked API key); a load in flight still answers its waiters but is not kept. */
  delete(key: string): void {
    this.valid.delete(key);
    this.refused.delete(key);
    this.loading.delete(key);
  }

  /** Forgets everything, e.g. when this process may have missed revocations. */
  clear(): void {
    this.valid.clear();
    this.refused.clear();
    this.loading.clear();
  }
}
