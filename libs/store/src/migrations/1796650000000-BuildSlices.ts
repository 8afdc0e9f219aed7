import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * build_slices: a build loaded by several processes over slices of its files (data:load
 * --slice I/N, docs/data-builds.md "Slices"). Each slice inserts its row in the transaction
 * that writes its records, so a committed row means the slice is in whole; data:activate
 * finishes the build once slices 1..N all have one, and only when they all read files of the
 * same sizes (`person_bytes`, `company_bytes`). Dropping the build drops its slices.
 */
export class BuildSlices1796650000000 implements MigrationInterface {
  name = 'BuildSlices1796650000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE build_slices (
        build_id         text        NOT NULL,
        slice            integer     NOT NULL,
        slice_count      integer     NOT NULL,
        person_loaded    integer     NOT NULL DEFAULT 0,
        person_rejected  integer     NOT NULL DEFAULT 0,
        company_loaded   integer     NOT NULL DEFAULT 0,
        company_rejected integer     NOT NULL DEFAULT 0,
        restamped        integer     NOT NULL DEFAULT 0,
        reasons          jsonb       NOT NULL,
        person_bytes     bigint      NOT NULL,
        company_bytes    bigint      NOT NULL,
        started_at       timestamptz NOT NULL DEFAULT now(),
        finished_at      timestamptz NOT NULL,
        CONSTRAINT pk_build_slices PRIMARY KEY (build_id, slice),
        CONSTRAINT fk_build_slices_build FOREIGN KEY (build_id) REFERENCES builds (id) ON DELETE CASCADE,
        CONSTRAINT chk_build_slices_slice CHECK (slice >= 1 AND slice <= slice_count AND slice_count <= 64),
        CONSTRAINT chk_build_slices_counts CHECK (person_loaded >= 0 AND person_rejected >= 0
          AND company_loaded >= 0 AND company_rejected >= 0 AND restamped >= 0)
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS build_slices`);
  }
}
