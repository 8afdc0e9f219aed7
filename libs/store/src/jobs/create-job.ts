import type { DataSource } from 'typeorm';
import type { BuildKind, Entity } from '@app/contracts';
import { poolOf } from '../prepared';
import { ACTIVE_JOB_STATUSES, JOB_COLUMNS, type JobRow } from './job-rows';
import { inTransaction } from './transaction';

/** The advisory-lock namespace of job creation: one team's creations queue on it, nothing else. */
const CREATE_LOCK = 31_001;
/** Chunks written per statement: a bounded parameter however large the job. */
const CHUNKS_PER_INSERT = 10;

export interface NewJob {
  id: string;
  teamId: number;
  apiKeyId: number;
  entity: Entity;
  buildKind: BuildKind;
  endpoint: string;
  defaults: Record<string, unknown>;
  webhookUrl: string | null;
  itemCount: number;
  /** Each chunk's items as JSON array text, in order; made in slices by the caller. */
  chunks: readonly string[];
  /** Items per chunk: every chunk but the last holds this many. */
  chunkSize: number;
  maxActive: number;
}

export type CreateJobOutcome = { created: JobRow } | { tooManyActive: number };

/**
 * Writes a job and its chunks in one transaction, refused when the team already has `maxActive`
 * jobs active. The check and the insert hold the team's creation lock, so concurrent creations
 * cannot both slip under the cap; charges do not take that lock and are never held up by it.
 */
export async function createJob(db: DataSource, job: NewJob): Promise<CreateJobOutcome> {
  return inTransaction<CreateJobOutcome>(poolOf(db), async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock($1, $2)`, [CREATE_LOCK, job.teamId]);
    const active = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrichment_jobs WHERE team_id = $1 AND status = ANY($2)`,
      [job.teamId, ACTIVE_JOB_STATUSES],
    );
    if (active.rows[0].n >= job.maxActive) return { rollback: { tooManyActive: active.rows[0].n } };
    const inserted = await client.query<JobRow>(
      `WITH j AS (
         INSERT INTO enrichment_jobs (id, team_id, api_key_id, entity, build_kind, endpoint, defaults,
                                      webhook_url, item_count, chunk_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *)
       SELECT ${JOB_COLUMNS} FROM j`,
      [
        job.id,
        job.teamId,
        job.apiKeyId,
        job.entity,
        job.buildKind,
        job.endpoint,
        JSON.stringify(job.defaults),
        job.webhookUrl,
        job.itemCount,
        job.chunks.length,
      ],
    );
    for (let from = 0; from < job.chunks.length; from += CHUNKS_PER_INSERT) {
      const slice = job.chunks.slice(from, from + CHUNKS_PER_INSERT);
      await client.query(
        `INSERT INTO enrichment_job_chunks (job_id, chunk_no, first_index, item_count, items, enqueues, enqueued_at)
         SELECT $1, c.no, c.first, jsonb_array_length(c.items), c.items, 1, now()
           FROM unnest($2::int[], $3::int[], $4::jsonb[]) AS c(no, first, items)`,
        [job.id, slice.map((_, i) => from + i), slice.map((_, i) => (from + i) * job.chunkSize), slice],
      );
    }
    return { commit: { created: inserted.rows[0] } };
  });
}

/** Removes a job that was never put on the queue (its publish failed), with its chunks. */
export async function discardJob(db: DataSource, id: string): Promise<void> {
  await db.query(`DELETE FROM enrichment_jobs WHERE id = $1`, [id]);
}
