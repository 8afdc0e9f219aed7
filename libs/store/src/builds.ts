/**
 * Every statement on the `builds` table (docs/data-model.md, "Data builds"): one place that
 * knows its columns and its rules (one active build per kind, only a ready build active).
 * Each takes the connection to run on, so the loader can keep its statements in its
 * transaction.
 */
import type { BuildKind } from '@app/contracts';

/** A DataSource, or a QueryRunner inside a transaction. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface BuildRow {
  id: string;
  status: string;
  is_sandbox: boolean;
  is_active: boolean;
  person_count: number;
  company_count: number;
  created_at: Date;
  activated_at: Date | null;
  failure_reason: string | null;
  /** The indices its aliases point at while it is active; null for builds activated before they were recorded. */
  person_index: string | null;
  company_index: string | null;
}

export type ActiveBuildRow = Pick<BuildRow, 'id' | 'person_count' | 'company_count'>;
/** The active build with the indices the aliases must point at: what both stores serve. */
export type ServingBuildRow = ActiveBuildRow & Pick<BuildRow, 'person_index' | 'company_index'>;
/** One index per entity. */
export interface BuildIndexNames {
  person: string;
  company: string;
}

export const buildKindOf = (row: Pick<BuildRow, 'is_sandbox'>): BuildKind =>
  row.is_sandbox ? 'sandbox' : 'live';

const rows = async <T>(q: Queryable, sql: string, params: unknown[] = []) =>
  (await q.query(sql, params)) as T[];

/** The build serving `kind`, or null. */
export async function activeBuild(q: Queryable, kind: BuildKind): Promise<ActiveBuildRow | null> {
  const [row] = await rows<ActiveBuildRow>(
    q,
    'SELECT id, person_count, company_count FROM builds WHERE is_active AND is_sandbox = $1',
    [kind === 'sandbox'],
  );
  return row ?? null;
}

/**
 * The build serving `kind` and its recorded indices, the source of truth for the aliases. Apart
 * from activeBuild so the services' hot path never depends on the BuildIndices columns.
 */
export async function servingBuild(q: Queryable, kind: BuildKind): Promise<ServingBuildRow | null> {
  const [row] = await rows<ServingBuildRow>(
    q,
    `SELECT id, person_count, company_count, person_index, company_index
       FROM builds WHERE is_active AND is_sandbox = $1`,
    [kind === 'sandbox'],
  );
  return row ?? null;
}

export async function findBuild(q: Queryable, id: string): Promise<BuildRow | null> {
  const [row] = await rows<BuildRow>(q, 'SELECT * FROM builds WHERE id = $1', [id]);
  return row ?? null;
}

/** Newest first. */
export function listBuildRows(q: Queryable): Promise<BuildRow[]> {
  return rows<BuildRow>(q, 'SELECT * FROM builds ORDER BY created_at DESC, id');
}

/**
 * The ready builds of `kind` (stored whole: they can be activated or compared), newest first,
 * at most `limit` of them.
 */
export function storedBuildRows(q: Queryable, kind: BuildKind, limit: number): Promise<BuildRow[]> {
  return rows<BuildRow>(
    q,
    `SELECT * FROM builds WHERE status = 'ready' AND is_sandbox = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [kind === 'sandbox', limit],
  );
}

/** Removes a build row; its records and keys go with it (ON DELETE CASCADE). */
export async function deleteBuild(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM builds WHERE id = $1', [id]);
}

/** A first load of `id` begins. */
export async function insertLoadingBuild(q: Queryable, id: string, kind: BuildKind): Promise<void> {
  await q.query(`INSERT INTO builds (id, status, is_sandbox) VALUES ($1, 'loading', $2)`, [
    id,
    kind === 'sandbox',
  ]);
}

/**
 * `id` becomes the one active build of its kind, with its counts and the indices it serves from
 * (inside the load's transaction: from its commit on, this row is what both stores must serve).
 */
export async function activateBuild(
  q: Queryable,
  id: string,
  kind: BuildKind,
  counts: { people: number; companies: number },
  indices: BuildIndexNames,
): Promise<void> {
  await q.query(`UPDATE builds SET is_active = false WHERE is_sandbox = $1 AND is_active AND id <> $2`, [
    kind === 'sandbox',
    id,
  ]);
  await q.query(
    `UPDATE builds SET status = 'ready', is_active = true, activated_at = now(), failure_reason = null,
       person_count = $2, company_count = $3, person_index = $4, company_index = $5 WHERE id = $1`,
    [id, counts.people, counts.companies, indices.person, indices.company],
  );
}

/** Per schema and kind: test schemas (and a staging schema beside `public`) never block each other. */
const LOCK_KEY = `hashtext($1 || ':' || current_schema() || ':' || $2)`;

type LockMode = 'exclusive' | 'shared';
const LOCK_FN: Record<LockMode, string> = {
  exclusive: 'pg_advisory_lock',
  shared: 'pg_advisory_lock_shared',
};
const UNLOCK_FN: Record<LockMode, string> = {
  exclusive: 'pg_advisory_unlock',
  shared: 'pg_advisory_unlock_shared',
};

async function lockLoads(q: Queryable, kind: BuildKind, waitMs: number, mode: LockMode): Promise<boolean> {
  await q.query(`SET lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
  try {
    await q.query(`SELECT ${LOCK_FN[mode]}(${LOCK_KEY})`, ['svc:build-loads', kind]);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  } finally {
    await q.query('RESET lock_timeout');
  }
}

/**
 * One load of a kind at a time: a session lock on the load's own connection, held until
 * unlockBuildLoads or until that connection ends (a killed loader's ends with it, a moment after
 * the process: hence the wait). False when another load of the kind still holds it after `waitMs`.
 */
export const lockBuildLoads = (q: Queryable, kind: BuildKind, waitMs: number): Promise<boolean> =>
  lockLoads(q, kind, waitMs, 'exclusive');

export async function unlockBuildLoads(q: Queryable, kind: BuildKind): Promise<void> {
  await q.query(`SELECT ${UNLOCK_FN.exclusive}(${LOCK_KEY})`, ['svc:build-loads', kind]);
}

/**
 * The shared form of lockBuildLoads, on the same key: the slices of one build (data:load
 * --slice) hold it together, while a full load or an activation of the kind, which takes it
 * exclusively, waits for all of them, and they for it. False after `waitMs`.
 */
export const lockBuildLoadsShared = (q: Queryable, kind: BuildKind, waitMs: number): Promise<boolean> =>
  lockLoads(q, kind, waitMs, 'shared');

export async function unlockBuildLoadsShared(q: Queryable, kind: BuildKind): Promise<void> {
  await q.query(`SELECT ${UNLOCK_FN.shared}(${LOCK_KEY})`, ['svc:build-loads', kind]);
}

/**
 * Alias changes of a kind one at a time until the transaction ends: whoever points the aliases
 * reads the active row under this lock, so the last to point them read the newest row.
 */
export async function lockBuildAliases(q: Queryable, kind: BuildKind): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`, ['svc:build-aliases', kind]);
}

/** A first load of `id` failed: it is listed as failed with the reason (a known build is left as it was). */
export async function recordFailedBuild(
  q: Queryable,
  id: string,
  kind: BuildKind,
  reason: string,
): Promise<void> {
  await q.query(
    `INSERT INTO builds (id, status, is_sandbox, failure_reason) VALUES ($1, 'failed', $2, $3) ON CONFLICT (id) DO NOTHING`,
    [id, kind === 'sandbox', reason.slice(0, 2000)],
  );
}
