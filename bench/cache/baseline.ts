/**
 * The hand-written caches of the hot paths as they were before libs/cache (commit bb20d36),
 * kept here only as the baseline the benchmark measures lru-cache against. The shaping plan
 * and compiled-query caches (libs/shaping/src/lru.ts LruCache) reordered a Map on every hit.
 */
export class MapLru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }
}

/**
 * An approximate LRU for hot paths: two Maps, the current generation and the one before it.
 * A hit in the current generation is one Map lookup (no reordering), a hit in the previous one
 * moves the entry forward, and when the current generation is full the previous one is dropped
 * whole. It holds between `capacity / 2` and `capacity` of the most recently used entries.
 * MapLru reorders its Map on every hit, which costs a delete and an insert per lookup.
 */
export class GenerationalCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();
  private readonly generation: number;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 2)
      throw new RangeError('capacity must be an integer of at least 2');
    this.generation = Math.floor(capacity / 2);
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }

  get(key: K): V | undefined {
    const value = this.current.get(key);
    if (value !== undefined) return value;
    const old = this.previous.get(key);
    if (old !== undefined) {
      this.previous.delete(key);
      this.insert(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.has(key)) this.current.set(key, value);
    else {
      this.previous.delete(key);
      this.insert(key, value);
    }
  }

  private insert(key: K, value: V): void {
    if (this.current.size >= this.generation) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }
}

/**
 * A bounded memo for pure string → value functions. Candidate records repeat the same
 * employers, schools and cities across thousands of queries, and their keys (company and
 * school keys, city keys) are the costly part of comparing; the whole map is dropped when full,
 * which keeps it allocation-free and is good enough for a cache of repeating values.
 */
export function mapMemoize<T>(fn: (s: string) => T, capacity = 50_000): (s: string) => T {
  let cache = new Map<string, T>();
  return (s: string): T => {
    const hit = cache.get(s);
    if (hit !== undefined || cache.has(s)) return hit as T;
    const value = fn(s);
    if (cache.size >= capacity) cache = new Map();
    cache.set(s, value);
    return value;
  };
}
