/**
 * The `build_slices` table: one row per slice of a build loaded by several processes
 * (data:load --slice I/N, docs/data-builds.md "Slices"), written in the slice's own transaction
 * together with its records, so a committed row means the slice's rows are all in, and a slice
 * killed midway leaves neither. data:activate finishes the build once slices 1..N all have one.
 */
import type { BuildKind } from '@app/contracts';
import type { Queryable } from './builds';

export interface SliceReason {
  reason: string;
  count: number;
}

export interface BuildSliceRow {
  build_id: string;
  slice: number;
  slice_count: number;
  person_loaded: number;
  person_rejected: number;
  company_loaded: number;
  company_rejected: number;
  /** Lines that carried another build's version (stamped with this one). */
  restamped: number;
  /** Every kind of problem of the slice's rejected lines with its count, for the gate's reasons. */
  reasons: SliceReason[];
  /** Sizes of the files the slice read its part of (bigint, as text): every slice must read the same files. */
  person_bytes: string;
  company_bytes: string;
  started_at: Date;
  finished_at: Date;
}

/** What a slice counted, written with its row when it finishes. */
export type SliceCounts = Pick<
  BuildSliceRow,
  'person_loaded' | 'person_rejected' | 'company_loaded' | 'company_rejected' | 'restamped' | 'reasons'
>;

/**
 * The build row a slice writes under: created `loading` if no slice created it yet, and
 * committed at once (outside any slice's transaction), so every slice's rows can refer to it.
 */
export async function ensureLoadingBuild(q: Queryable, id: string, kind: BuildKind): Promise<void> {
  await q.query(
    `INSERT INTO builds (id, status, is_sandbox) VALUES ($1, 'loading', $2) ON CONFLICT (id) DO NOTHING`,
    [id, kind === 'sandbox'],
  );
}

/** Why a slice could not begin: it is loaded already, or another process is loading it now. */
export type SliceConflict = 'loaded' | 'running';

/**
 * The slice's row, first thing in its transaction: the primary key (build, slice) makes a second
 * process of the same slice wait for the first's transaction, up to `waitMs`; null when the row
 * is the caller's, else why not (the caller's transaction is then aborted: roll it back).
 */
export async function beginSlice(
  q: Queryable,
  buildId: string,
  slice: { index: number; count: number; bytes: { person: number; company: number } },
  waitMs: number,
): Promise<SliceConflict | null> {
  await q.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
  try {
    await q.query(
      `INSERT INTO build_slices (build_id, slice, slice_count, reasons, person_bytes, company_bytes, finished_at)
         VALUES ($1, $2, $3, '[]', $4, $5, now())`,
      [buildId, slice.index, slice.count, slice.bytes.person, slice.bytes.company],
    );
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23505') return 'loaded';
    if (code === '55P03') return 'running';
    throw error;
  }
  await q.query('SET LOCAL lock_timeout TO DEFAULT');
  return null;
}

/** The slice's counts, last thing before its commit. */
export async function finishSlice(
  q: Queryable,
  buildId: string,
  slice: number,
  counts: SliceCounts,
): Promise<void> {
  await q.query(
    `UPDATE build_slices SET person_loaded = $3, person_rejected = $4, company_loaded = $5,
       company_rejected = $6, restamped = $7, reasons = $8::jsonb, finished_at = clock_timestamp()
     WHERE build_id = $1 AND slice = $2`,
    [
      buildId,
      slice,
      counts.person_loaded,
      counts.person_rejected,
      counts.company_loaded,
      counts.company_rejected,
      counts.restamped,
      JSON.stringify(counts.reasons),
    ],
  );
}

/** The committed slices of a build, by slice number. */
export async function listBuildSlices(q: Queryable, buildId: string): Promise<BuildSliceRow[]> {
  return (await q.query('SELECT * FROM build_slices WHERE build_id = $1 ORDER BY slice', [
    buildId,
  ])) as BuildSliceRow[];
}
