import type { Queryable } from '../builds';
import { ACTIVE_JOB_STATUSES, JOB_COLUMNS, type JobRow } from './job-rows';

/** A team's job; null when there is none by that id in this team (another team's is not seen). */
export async function findJob(q: Queryable, teamId: number, id: string): Promise<JobRow | null> {
  const rows = (await q.query(
    `SELECT ${JOB_COLUMNS} FROM enrichment_jobs j WHERE j.id = $1 AND j.team_id = $2`,
    [id, teamId],
  )) as JobRow[];
  return rows[0] ?? null;
}

/** Where a page of the list continues: after this job in (created_at, id) descending order. */
export interface JobListCursor {
  createdAt: string;
  id: string;
}

/** A page of a team's jobs, newest first; `limit + 1` rows are read so the caller knows if more follow. */
export async function listJobs(
  q: Queryable,
  teamId: number,
  limit: number,
  after: JobListCursor | null,
): Promise<{ jobs: JobRow[]; more: boolean }> {
  const rows = (await q.query(
    `SELECT ${JOB_COLUMNS} FROM enrichment_jobs j
      WHERE j.team_id = $1
        AND ($2::timestamptz IS NULL OR (j.created_at, j.id) < ($2::timestamptz, $3::uuid))
      ORDER BY j.created_at DESC, j.id DESC
      LIMIT $4`,
    [teamId, after?.createdAt ?? null, after?.id ?? null, limit + 1],
  )) as JobRow[];
  return { jobs: rows.slice(0, limit), more: rows.length > limit };
}

export type CancelOutcome = { canceled: JobRow } | { finished: JobRow } | null;

/**
 * Cancels an active job of the team. Its row lock orders it against chunk commits: a chunk
 * committed before it counts, one after it finds the job canceled and writes nothing.
 */
export async function cancelJob(q: Queryable, teamId: number, id: string): Promise<CancelOutcome> {
  const rows = (await q.query(
    `WITH c AS (
       UPDATE enrichment_jobs SET status = 'canceled', finished_at = now(), updated_at = now()
        WHERE id = $1 AND team_id = $2 AND status = ANY($3) RETURNING *)
     SELECT ${JOB_COLUMNS} FROM c j`,
    [id, teamId, ACTIVE_JOB_STATUSES],
  )) as JobRow[];
  if (rows[0]) return { canceled: rows[0] };
  const job = await findJob(q, teamId, id);
  return job ? { finished: job } : null;
}

/** A stored run of results: `item_count` JSONL lines from `first_index`, one gzip member. */
export interface ResultPart {
  first_index: number;
  item_count: number;
  lines_gzip: Buffer;
}

/** Result parts from `fromIndex` on, in item order, at most `limit` of them. */
export async function readResultParts(
  q: Queryable,
  jobId: string,
  fromIndex: number,
  limit: number,
): Promise<ResultPart[]> {
  return (await q.query(
    `SELECT first_index, item_count, lines_gzip FROM enrichment_job_results
      WHERE job_id = $1 AND first_index >= $2 ORDER BY first_index LIMIT $3`,
    [jobId, fromIndex, limit],
  )) as ResultPart[];
}

/** The items no run reached (a canceled or failed job's): from `first_index + next_offset` to the chunk's end. */
export interface UnreachedItems {
  first_index: number;
  next_offset: number;
  items: Array<Record<string, unknown>>;
}

export async function readUnreachedItems(q: Queryable, jobId: string): Promise<UnreachedItems[]> {
  return (await q.query(
    `SELECT first_index, next_offset, items FROM enrichment_job_chunks
      WHERE job_id = $1 AND NOT done ORDER BY chunk_no`,
    [jobId],
  )) as UnreachedItems[];
}
