import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two hashes per record row, written by the loader (docs/data-builds.md, "Incremental builds"):
 * `content_md5`, the record's content hash (record-hashes.ts: its served text without its build
 * stamp), so a changelog or an incremental load compares builds without reading any record, and
 * `source_md5`, the hash of the input line it was loaded from (without its build stamp), so an
 * incremental load passes over a line that did not change without parsing it. Rows loaded before
 * keep NULL: their content hash is computed from `record_json` when asked, and their lines are
 * parsed. Adding nullable columns rewrites nothing.
 */
export class RecordHashes1796750000000 implements MigrationInterface {
  name = 'RecordHashes1796750000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['person_records', 'company_records']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN content_md5 uuid, ADD COLUMN source_md5 uuid`);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['person_records', 'company_records']) {
      await q.query(
        `ALTER TABLE ${table} DROP COLUMN IF EXISTS content_md5, DROP COLUMN IF EXISTS source_md5`,
      );
    }
  }
}
