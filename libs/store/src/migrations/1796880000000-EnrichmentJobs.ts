import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk-enrichment jobs (docs/bulk-jobs.md). Postgres is the record of every job and its
 * progress; the JetStream work queue only says which chunk to run next, so a lost or repeated
 * message can delay a chunk but never lose or repeat its work.
 * - enrichment_jobs: one job, its counters (moved by each chunk's commit) and its state;
 *   `paused_balance` is what the team had left when it paused: it resumes once it has more.
 * - enrichment_job_chunks: its items in slices of at most 100, each slice's own progress
 *   (`next_offset`: a chunk paused for credits has its first items done), its lease, and
 *   the runner that last claimed it (for operators and the runner tests).
 * - enrichment_job_results: each committed run of items as one gzip member of JSONL lines;
 *   the members concatenated in `first_index` order are the results file.
 */
export class EnrichmentJobs1796880000000 implements MigrationInterface {
  name = 'EnrichmentJobs1796880000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE enrichment_jobs (
        id               uuid        NOT NULL,
        team_id          integer     NOT NULL,
        api_key_id       integer     NOT NULL,
        entity           text        NOT NULL,
        build_kind       text        NOT NULL,
        endpoint         text        NOT NULL,
        status           text        NOT NULL DEFAULT 'queued',
        defaults         jsonb       NOT NULL DEFAULT '{}',
        webhook_url      text,
        item_count       integer     NOT NULL,
        chunk_count      integer     NOT NULL,
        chunks_done      integer     NOT NULL DEFAULT 0,
        done_count       integer     NOT NULL DEFAULT 0,
        matched_count    integer     NOT NULL DEFAULT 0,
        not_found_count  integer     NOT NULL DEFAULT 0,
        error_count      integer     NOT NULL DEFAULT 0,
        credits_charged  integer     NOT NULL DEFAULT 0,
        failure          jsonb,
        paused_balance   integer,
        created_at       timestamptz NOT NULL DEFAULT now(),
        started_at       timestamptz,
        finished_at      timestamptz,
        updated_at       timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_enrichment_jobs PRIMARY KEY (id),
        CONSTRAINT fk_enrichment_jobs_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT chk_enrichment_jobs_entity CHECK (entity IN ('person', 'company')),
        CONSTRAINT chk_enrichment_jobs_kind CHECK (build_kind IN ('live', 'sandbox')),
        CONSTRAINT chk_enrichment_jobs_status CHECK (status IN
          ('queued', 'running', 'paused_insufficient_credits', 'completed', 'failed', 'canceled')),
        CONSTRAINT chk_enrichment_jobs_counts CHECK (
          done_count <= item_count AND matched_count + not_found_count + error_count = done_count)
      )`);
    await q.query(
      `CREATE INDEX idx_enrichment_jobs_team ON enrichment_jobs (team_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX idx_enrichment_jobs_active ON enrichment_jobs (status)
        WHERE status IN ('queued', 'running', 'paused_insufficient_credits')`,
    );
    await q.query(`CREATE INDEX idx_enrichment_jobs_finished ON enrichment_jobs (finished_at)`);
    await q.query(`
      CREATE TABLE enrichment_job_chunks (
        job_id       uuid        NOT NULL,
        chunk_no     integer     NOT NULL,
        first_index  integer     NOT NULL,
        item_count   integer     NOT NULL,
        items        jsonb       NOT NULL,
        next_offset  integer     NOT NULL DEFAULT 0,
        done         boolean     NOT NULL DEFAULT false,
        failures     integer     NOT NULL DEFAULT 0,
        enqueues     integer     NOT NULL DEFAULT 0,
        enqueued_at  timestamptz,
        lease_until  timestamptz,
        claimed_by   text,
        CONSTRAINT pk_enrichment_job_chunks PRIMARY KEY (job_id, chunk_no),
        CONSTRAINT fk_enrichment_job_chunks_job FOREIGN KEY (job_id)
          REFERENCES enrichment_jobs (id) ON DELETE CASCADE,
        CONSTRAINT chk_enrichment_job_chunks_offset CHECK (next_offset BETWEEN 0 AND item_count)
      )`);
    await q.query(`
      CREATE TABLE enrichment_job_results (
        job_id       uuid    NOT NULL,
        first_index  integer NOT NULL,
        item_count   integer NOT NULL,
        lines_gzip   bytea   NOT NULL,
        CONSTRAINT pk_enrichment_job_results PRIMARY KEY (job_id, first_index),
        CONSTRAINT fk_enrichment_job_results_job FOREIGN KEY (job_id)
          REFERENCES enrichment_jobs (id) ON DELETE CASCADE
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS enrichment_job_results`);
    await q.query(`DROP TABLE IF EXISTS enrichment_job_chunks`);
    await q.query(`DROP TABLE IF EXISTS enrichment_jobs`);
  }
}
