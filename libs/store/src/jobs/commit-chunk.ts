import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Pool, PoolClient } from 'pg';
import type { Entity } from '@app/contracts';
import { chargeCalls } from '../charges';
import { capLeftSql } from '../key-caps';
import { JOB_COLUMNS, type JobRow } from './job-rows';
import { inTransaction } from './transaction';

const gzipAsync = promisify(gzip);

/** One item's outcome as the counters and the charge see it. */
export interface RunItem {
  outcome: 'matched' | 'not_found' | 'error';
  /** Credits it costs: its returned matches. */
  matches: number;
  /** The records it returns, for the access log. */
  svcIds: readonly string[];
}

/** Items run from a chunk's `offset` on, to be committed as one. */
export interface ChunkRun {
  jobId: string;
  chunkNo: number;
  /** The chunk's first item's job index. */
  firstIndex: number;
  /** The chunk's next_offset when it was claimed: the commit is refused if another run moved it. */
  offset: number;
  items: readonly RunItem[];
  /** One JSONL line per item, each ending in a newline. */
  lines: readonly string[];
  /** All of `lines`, gzipped (made before the transaction, off its locks). */
  linesGzip: Buffer;
  /** Null: the sandbox, nothing is charged. */
  charge: {
    teamId: number;
    apiKeyId: number;
    endpoint: string;
    entity: Entity;
    /** The access log's endpoint name, or null when nothing is logged (ACCESS_LOG=off). */
    accessEndpoint: string | null;
    asyncCommit: boolean;
  } | null;
}

export type ChunkCommit =
  | { kind: 'committed'; job: JobRow; committed: number; paused: boolean; completed: boolean }
  /** The job is no longer queued or running (canceled, failed, paused): nothing was written. */
  | { kind: 'stopped'; status: string }
  /** Another run of this chunk committed first: nothing was written. */
  | { kind: 'superseded' };

/** What a commit that ends or pauses a job must also write in its transaction (the webhook outbox). */
export type OnJobEvent = (client: PoolClient, job: JobRow, event: 'completed' | 'paused') => Promise<void>;

/**
 * Commits a run of a chunk's items in one transaction: their charge (one credit per match,
 * through chargeCalls like every billed call, with a charge id fixed by job, chunk and offset),
 * their results, the chunk's progress and the job's counters. When the team cannot pay for the
 * whole run, the longest prefix it can pay for is committed and the job pauses, so a job never
 * overspends and resumes exactly where it stopped. The job row is locked first: a cancel or a
 * pause ordered before this commit makes it write nothing.
 */
export async function commitChunkRun(pool: Pool, run: ChunkRun, onEvent: OnJobEvent): Promise<ChunkCommit> {
  return inTransaction<ChunkCommit>(pool, async (client) => {
    const job = await client.query<{ status: string }>(
      `SELECT status FROM enrichment_jobs WHERE id = $1 FOR UPDATE`,
      [run.jobId],
    );
    const status = job.rows[0]?.status ?? 'deleted';
    if (status !== 'queued' && status !== 'running') return { rollback: { kind: 'stopped', status } };
    const chunk = await client.query<{ next_offset: number; done: boolean; item_count: number }>(
      `SELECT next_offset, done, item_count FROM enrichment_job_chunks WHERE job_id = $1 AND chunk_no = $2 FOR UPDATE`,
      [run.jobId, run.chunkNo],
    );
    const current = chunk.rows[0];
    if (!current || current.done || current.next_offset !== run.offset)
      return { rollback: { kind: 'superseded' } };

    let count = run.items.length;
    let left: number | null = null;
    let pausedFor: PauseReason = 'paused_insufficient_credits';
    if (run.charge) ({ count, left, pausedFor } = await chargeRun(client, run, count));
    const paused = count < run.items.length;
    const items = run.items.slice(0, count);
    if (count > 0) {
      const gz = paused ? await gzipAsync(run.lines.slice(0, count).join('')) : run.linesGzip;
      await client.query(
        `INSERT INTO enrichment_job_results (job_id, first_index, item_count, lines_gzip) VALUES ($1, $2, $3, $4)`,
        [run.jobId, run.firstIndex + run.offset, count, gz],
      );
    }
    const chunkDone = run.offset + count === current.item_count;
    await client.query(
      `UPDATE enrichment_job_chunks SET next_offset = next_offset + $3, done = $4, lease_until = NULL
        WHERE job_id = $1 AND chunk_no = $2`,
      [run.jobId, run.chunkNo, count, chunkDone],
    );
    const tally = (o: RunItem['outcome']) => items.filter((i) => i.outcome === o).length;
    const updated = await client.query<JobRow>(
      `WITH u AS (
         UPDATE enrichment_jobs SET
           done_count = done_count + $2, matched_count = matched_count + $3,
           not_found_count = not_found_count + $4, error_count = error_count + $5,
           credits_charged = credits_charged + $6, chunks_done = chunks_done + $7,
           status = CASE WHEN $8 THEN $10
                         WHEN chunks_done + $7 = chunk_count THEN 'completed' ELSE status END,
           finished_at = CASE WHEN NOT $8 AND chunks_done + $7 = chunk_count THEN now() END,
           paused_balance = CASE WHEN $8 THEN $9::int END,
           updated_at = now()
         WHERE id = $1 RETURNING *)
       SELECT ${JOB_COLUMNS} FROM u j`,
      [
        run.jobId,
        count,
        tally('matched'),
        tally('not_found'),
        tally('error'),
        run.charge ? items.reduce((n, i) => n + i.matches, 0) : 0,
        chunkDone ? 1 : 0,
        paused,
        left,
        pausedFor,
      ],
    );
    const after = updated.rows[0];
    const completed = after.status === 'completed';
    if (paused) await onEvent(client, after, 'paused');
    else if (completed) await onEvent(client, after, 'completed');
    return { commit: { kind: 'committed', job: after, committed: count, paused, completed } };
  });
}

type PauseReason = 'paused_insufficient_credits' | 'paused_key_cap_reached';

/**
 * Charges the run, or its longest prefix the balance and the job's key's caps cover: how many
 * items are paid for, and when not all of them, what was left of the tighter limit (null when
 * all were paid) and which limit it was.
 */
async function chargeRun(
  client: PoolClient,
  run: ChunkRun,
  count: number,
): Promise<{ count: number; left: number | null; pausedFor: PauseReason }> {
  const charge = run.charge!;
  const pay = async (n: number): Promise<boolean> => {
    const items = run.items.slice(0, n);
    const matches = items.reduce((sum, i) => sum + i.matches, 0);
    const outcome = await chargeCalls(
      client,
      charge.teamId,
      [
        {
          apiKeyId: charge.apiKeyId,
          endpoint: charge.endpoint,
          requestId: run.jobId,
          chargeId: runChargeId(run.jobId, run.chunkNo, run.offset),
          idempotencyKey: null,
          matches,
          accessed: charge.accessEndpoint
            ? {
                entity: charge.entity,
                endpoint: charge.accessEndpoint,
                svcIds: items.flatMap((i) => i.svcIds),
              }
            : null,
        },
      ],
      { async: charge.asyncCommit },
    );
    return outcome.charged;
  };
  if (await pay(count)) return { count, left: null, pausedFor: 'paused_insufficient_credits' };
  // The balance and the key's spend are locked from here to the commit (team row first, as the
  // charge statement locks them), so the prefix read against them is paid for.
  const team = await client.query<{ credits_balance: string }>(
    `SELECT credits_balance FROM teams WHERE id = $1 FOR UPDATE`,
    [charge.teamId],
  );
  const key = await client.query<{ cap_left: string | null }>(
    `SELECT ${capLeftSql('k')} AS cap_left FROM api_keys k WHERE k.id = $1 FOR UPDATE`,
    [charge.apiKeyId],
  );
  const balance = Number(team.rows[0]?.credits_balance ?? 0);
  const capLeft = key.rows[0]?.cap_left;
  const capped = capLeft !== null && capLeft !== undefined && Number(capLeft) < balance;
  let left = capped ? Number(capLeft) : balance;
  let prefix = 0;
  while (prefix < count && run.items[prefix].matches <= left) left -= run.items[prefix++].matches;
  if (prefix > 0 && !(await pay(prefix)))
    throw new Error(`job ${run.jobId}: a locked balance refused its prefix`);
  return {
    count: prefix,
    left,
    pausedFor: capped ? 'paused_key_cap_reached' : 'paused_insufficient_credits',
  };
}

/**
 * The ledger id of a run's charge: the same job, chunk and offset always give the same id, so
 * should two runs of one chunk ever both reach the charge, the ledger's unique (team, charge_id)
 * refuses the second and its transaction writes nothing.
 */
export function runChargeId(jobId: string, chunkNo: number, offset: number): string {
  const h = createHash('sha256').update(`job:${jobId}:${chunkNo}:${offset}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Fails an active job (its key was revoked, a chunk kept failing): its items not yet run are
 * answered with `failure` in the results. False when it had already finished.
 */
export async function failJob(
  pool: Pool,
  jobId: string,
  failure: { error: string; message: string },
  onEvent: (client: PoolClient, job: JobRow) => Promise<void>,
): Promise<boolean> {
  return inTransaction<boolean>(pool, async (client) => {
    const rows = await client.query<JobRow>(
      `WITH f AS (
         UPDATE enrichment_jobs SET status = 'failed', failure = $2, finished_at = now(), updated_at = now()
          WHERE id = $1 AND status IN ('queued', 'running', 'paused_insufficient_credits', 'paused_key_cap_reached') RETURNING *)
       SELECT ${JOB_COLUMNS} FROM f j`,
      [jobId, JSON.stringify(failure)],
    );
    if (!rows.rows[0]) return { rollback: false };
    await onEvent(client, rows.rows[0]);
    return { commit: true };
  });
}
