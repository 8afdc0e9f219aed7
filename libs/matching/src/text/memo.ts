/**
 * A bounded memo for pure string → value functions. Candidate records repeat the same
 * employers, schools and cities across thousands of queries, and their keys (company and
 * school keys, city keys) are the costly part of comparing; the whole map is dropped when full,
 * which keeps it allocation-free and is good enough for a cache of repeating values.
 */
export function memoize<T>(fn: (s: string) => T, capacity = 50_000): (s: string) => T {
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
