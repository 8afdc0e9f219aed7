import type { Queryable } from '../builds';
import { capLeftSql } from '../key-caps';
import type { JobRow } from './job-rows';

/** A chunk a runner holds the lease of, with what it needs to run it. */
export interface ClaimedChunk {
  job_id: string;
  chunk_no: number;
  first_index: number;
  item_count: number;
  next_offset: number;
  failures: number;
  items: Array<Record<string, unknown>>;
  team_id: number;
  api_key_id: number;
  entity: JobRow['entity'];
  build_kind: JobRow['build_kind'];
  endpoint: string;
  defaults: Record<string, unknown>;
}

/**
 * Takes a chunk's lease for `leaseMs`: only a chunk not done, not leased by a live runner, of a
 * job that is queued or running. Null: nothing to do now (done, leased, paused or finished), so
 * a repeated or stale queue message costs one statement. The job becomes running.
 */
export async function claimChunk(
  q: Queryable,
  jobId: string,
  chunkNo: number,
  leaseMs: number,
  runner: string,
): Promise<ClaimedChunk | null> {
  const rows = (await q.query(
    `WITH claimed AS (
       UPDATE enrichment_job_chunks c
          SET lease_until = now() + $3 * interval '1 millisecond', claimed_by = $4
         FROM enrichment_jobs j
        WHERE c.job_id = $1 AND c.chunk_no = $2 AND NOT c.done
          AND (c.lease_until IS NULL OR c.lease_until < now())
          AND j.id = c.job_id AND j.status IN ('queued', 'running')
       RETURNING c.job_id, c.chunk_no, c.first_index, c.item_count, c.next_offset, c.failures, c.items,
                 j.team_id, j.api_key_id, j.entity, j.build_kind, j.endpoint, j.defaults),
     started AS (
       UPDATE enrichment_jobs SET status = 'running', started_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'queued' AND EXISTS (SELECT FROM claimed))
     SELECT * FROM claimed`,
    [jobId, chunkNo, leaseMs, runner],
  )) as ClaimedChunk[];
  return rows[0] ?? null;
}

/** Extends a lease while a slow chunk is still being worked on. */
export async function renewChunkLease(
  q: Queryable,
  jobId: string,
  chunkNo: number,
  leaseMs: number,
): Promise<void> {
  await q.query(
    `UPDATE enrichment_job_chunks SET lease_until = now() + $3 * interval '1 millisecond'
      WHERE job_id = $1 AND chunk_no = $2 AND NOT done`,
    [jobId, chunkNo, leaseMs],
  );
}

/**
 * A run of the chunk failed: its lease is given back early and the failure counted; how many
 * it has had. Only failures count: a chunk redelivered because its runner died, or run again
 * after a pause, has not failed.
 */
export async function chunkFailed(q: Queryable, jobId: string, chunkNo: number): Promise<number> {
  const rows = (await q.query(
    `WITH f AS (
       UPDATE enrichment_job_chunks SET lease_until = NULL, failures = failures + 1
        WHERE job_id = $1 AND chunk_no = $2 RETURNING failures)
     SELECT failures FROM f`,
    [jobId, chunkNo],
  )) as Array<{ failures: number }>;
  return rows[0]?.failures ?? 0;
}

/** A chunk to put on the queue, with the generation that makes its message id new. */
export interface ChunkToEnqueue {
  job_id: string;
  chunk_no: number;
  enqueues: number;
}

/**
 * Marks every unfinished chunk of a job as enqueued once more: for a job resumed after a pause.
 * The new generation gives each message a fresh id, so the queue's duplicate window does not
 * drop it as a copy of the message that ran before the pause.
 */
export async function requeueJobChunks(q: Queryable, jobId: string): Promise<ChunkToEnqueue[]> {
  return (await q.query(
    `WITH r AS (
       UPDATE enrichment_job_chunks SET enqueues = enqueues + 1, enqueued_at = now(), lease_until = NULL
        WHERE job_id = $1 AND NOT done RETURNING job_id, chunk_no, enqueues)
     SELECT * FROM r ORDER BY chunk_no`,
    [jobId],
  )) as ChunkToEnqueue[];
}

/**
 * Unfinished chunks of running or queued jobs whose last message is older than `staleMs` and
 * that no live runner holds: their message was never published (the gateway died between its
 * commit and the publish) or was lost. Re-enqueued with a new generation; a copy that still
 * turns up later finds the chunk done or leased and costs one statement.
 */
export async function requeueStaleChunks(
  q: Queryable,
  staleMs: number,
  limit: number,
): Promise<ChunkToEnqueue[]> {
  return (await q.query(
    `WITH stale AS (
       SELECT c.job_id, c.chunk_no FROM enrichment_job_chunks c JOIN enrichment_jobs j ON j.id = c.job_id
        WHERE j.status IN ('queued', 'running') AND NOT c.done
          AND c.enqueued_at < now() - $1 * interval '1 millisecond'
          AND (c.lease_until IS NULL OR c.lease_until < now())
        ORDER BY c.enqueued_at LIMIT $2
        FOR UPDATE OF c SKIP LOCKED),
     r AS (
       UPDATE enrichment_job_chunks c SET enqueues = c.enqueues + 1, enqueued_at = now()
         FROM stale WHERE c.job_id = stale.job_id AND c.chunk_no = stale.chunk_no
       RETURNING c.job_id, c.chunk_no, c.enqueues)
     SELECT * FROM r`,
    [staleMs, limit],
  )) as ChunkToEnqueue[];
}

/**
 * Paused jobs whose team has more credits than when they paused (credits were added), or whose
 * key may spend more than when its cap paused them (its day or month began anew, or its cap was
 * raised or removed): running once more (their chunks are then re-enqueued). Not merely "some
 * left": a job paused with 3 credits left before an item worth 5 would otherwise resume and pause
 * again every sweep.
 */
export async function resumeFundedJobs(q: Queryable): Promise<string[]> {
  const rows = (await q.query(
    `WITH r AS (
       UPDATE enrichment_jobs j SET status = 'running', paused_balance = NULL, updated_at = now()
         FROM teams t, api_keys k
        WHERE t.id = j.team_id AND k.id = j.api_key_id
          AND ((j.status = 'paused_insufficient_credits' AND t.credits_balance > coalesce(j.paused_balance, 0))
            OR (j.status = 'paused_key_cap_reached'
                AND coalesce(${capLeftSql('k')}, 2147483647) > coalesce(j.paused_balance, 0)))
       RETURNING j.id)
     SELECT id FROM r`,
  )) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** Deletes jobs finished more than `days` ago, with their chunks and results; how many. */
export async function purgeFinishedJobs(q: Queryable, days: number, limit: number): Promise<number> {
  const rows = (await q.query(
    `WITH old AS (
       SELECT id FROM enrichment_jobs WHERE finished_at < now() - $1 * interval '1 day' LIMIT $2),
     d AS (DELETE FROM enrichment_jobs j USING old WHERE j.id = old.id RETURNING j.id)
     SELECT count(*)::int AS n FROM d`,
    [days, limit],
  )) as Array<{ n: number }>;
  return rows[0].n;
}

/** Whether a live runner holds the chunk of an active job (then its message must not be dropped). */
export async function chunkLeased(q: Queryable, jobId: string, chunkNo: number): Promise<boolean> {
  const rows = (await q.query(
    `SELECT 1 FROM enrichment_job_chunks c JOIN enrichment_jobs j ON j.id = c.job_id
      WHERE c.job_id = $1 AND c.chunk_no = $2 AND NOT c.done AND c.lease_until >= now()
        AND j.status IN ('queued', 'running')`,
    [jobId, chunkNo],
  )) as unknown[];
  return rows.length > 0;
}
