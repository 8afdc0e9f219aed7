/**
 * The outcome of cleaning one value. Cleaning never throws on bad input: callers (the clean
 * endpoint, enrichment, the loader) decide whether a failure is an error, a `normalized: false`
 * answer or a skipped key, and the reason code tells them (and the client) why.
 */
export type Cleaned<T> = { ok: true; value: T } | { ok: false; reason: string };

export function ok<T>(value: T): Cleaned<T> {
  return { ok: true, value };
}

export function fail<T = never>(reason: string): Cleaned<T> {
  return { ok: false, reason };
}
