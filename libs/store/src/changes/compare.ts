/**
 * The changelog between two builds (data:changes, GET /builds/changes; docs/data-builds.md
 * "Changelog"), without I/O: a merge-join of two streams of (svc_id, content hash) sorted by
 * svc_id, and the field diff of two records whose hashes differ. ./changes.ts feeds it pages
 * from Postgres.
 */
import type { KeyedHash } from '../record-hashes';

export type ChangeKind = 'added' | 'deleted' | 'updated';

/** What the merge can tell from hashes alone; `differs` becomes `updated` once fields differ. */
export interface Candidate {
  svc_id: string;
  change: 'added' | 'deleted' | 'differs';
}

/** A record of either build as the merge passed it: a candidate, or the same in both. */
export interface Merged {
  svc_id: string;
  change: Candidate['change'] | 'same';
}

async function* strictlyAscending(rows: AsyncIterable<KeyedHash>, side: string): AsyncGenerator<KeyedHash> {
  let last: string | null = null;
  for await (const row of rows) {
    // A stream out of order would turn one record into an added and a deleted one: refuse it.
    if (last !== null && !(row.svc_id > last))
      throw new Error(`${side} is not in ascending svc_id order: ${row.svc_id} after ${last}`);
    last = row.svc_id;
    yield row;
  }
}

/**
 * Every svc_id of either build once, in svc_id order: only in `from` (deleted), only in `to`
 * (added), in both with different hashes (differs) or the same (same). The unchanged ones are
 * what lets a page end after a bounded number of records even where nothing changed. Both
 * streams must be sorted by svc_id in code-unit order, which for lowercase UUID text is
 * Postgres' uuid order. Holds one row of each stream at a time, and reads a stream only as far
 * as the key it yields needs: the key after n keys needs at most n + 1 rows of each.
 */
export async function* mergeKeys(
  from: AsyncIterable<KeyedHash>,
  to: AsyncIterable<KeyedHash>,
): AsyncGenerator<Merged> {
  const a = strictlyAscending(from, 'the first build')[Symbol.asyncIterator]();
  const b = strictlyAscending(to, 'the second build')[Symbol.asyncIterator]();
  let [x, y] = await Promise.all([a.next(), b.next()]);
  while (!x.done || !y.done) {
    if (y.done || (!x.done && x.value.svc_id < y.value.svc_id)) {
      yield { svc_id: x.value.svc_id, change: 'deleted' };
      x = await a.next();
    } else if (x.done || y.value.svc_id < x.value.svc_id) {
      yield { svc_id: y.value.svc_id, change: 'added' };
      y = await b.next();
    } else {
      yield { svc_id: x.value.svc_id, change: x.value.hash === y.value.hash ? 'same' : 'differs' };
      [x, y] = await Promise.all([a.next(), b.next()]);
    }
  }
}

/** mergeKeys without the unchanged records. */
export async function* mergeByKey(
  from: AsyncIterable<KeyedHash>,
  to: AsyncIterable<KeyedHash>,
): AsyncGenerator<Candidate> {
  for await (const { svc_id, change } of mergeKeys(from, to)) if (change !== 'same') yield { svc_id, change };
}

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** Equal as JSON values: object keys in any order, arrays in order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameJson(v, b[i]));
  }
  const ka = Object.keys(a);
  const ob = b as Record<string, unknown>;
  if (ka.length !== Object.keys(ob).length) return false;
  return ka.every((k) => own(ob, k) && sameJson((a as Record<string, unknown>)[k], ob[k]));
}

/**
 * The top-level fields whose values differ, in `order` (the record's field order), then any
 * field outside it in the order the records hold them; `ignore` (what the loader stamps per
 * build) never counts. A field missing on one side differs from any value on the other.
 */
export function fieldsUpdated(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  order: readonly string[],
  ignore: ReadonlySet<string>,
): string[] {
  const known = new Set(order);
  const extra = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !known.has(f));
  return [...order, ...extra].filter((field) => {
    if (ignore.has(field)) return false;
    const [inBefore, inAfter] = [own(before, field), own(after, field)];
    if (!inBefore && !inAfter) return false;
    return inBefore !== inAfter || !sameJson(before[field], after[field]);
  });
}
