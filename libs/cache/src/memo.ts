import { LruCache } from './lru';

/**
 * A bounded memo for pure string → value functions. Candidate records repeat the same
 * employers, schools and cities across thousands of queries, and their keys (company and
 * school keys, city keys) are the costly part of comparing. bench/cache: a hit costs ~20–30 ns
 * more than the Map dropped whole that this replaced (~2% of a name request's gateway CPU), and
 * when the keys outgrow it it recomputes a third fewer of them.
 */
export function memoize<T>(fn: (s: string) => T, max = 50_000): (s: string) => T {
  // lru-cache holds no null or undefined, which some keys are (a value with no domain): hence the box.
  const cache = new LruCache<string, { value: T }>(max);
  return (s: string): T => {
    const hit = cache.get(s);
    if (hit) return hit.value;
    const value = fn(s);
    cache.set(s, { value });
    return value;
  };
}
