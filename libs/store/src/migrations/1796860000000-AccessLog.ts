import { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCESS_LOG_DEFAULT_PARTITION, partitionsAhead } from '../access-log/partitions';

/**
 * access_log: one row per record returned to a paying caller (docs/access-log.md), written by
 * the charge statement that bills it. Append-only and kept ACCESS_LOG_RETENTION_DAYS, so it is
 * partitioned by month: the daily purge drops whole months instead of deleting row by row. The
 * DEFAULT partition takes a row whose month was never created, so an insert (and the charge it
 * belongs to) never fails on the calendar. No foreign keys: the log must outlive a key or a
 * team row, and a key lookup per inserted row would tax every billed call.
 */
export class AccessLog1796860000000 implements MigrationInterface {
  name = 'AccessLog1796860000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE access_log (
        at         timestamptz NOT NULL DEFAULT now(),
        svc_id     uuid        NOT NULL,
        entity     text        NOT NULL,
        team_id    integer     NOT NULL,
        api_key_id integer,
        endpoint   text        NOT NULL,
        request_id text,
        CONSTRAINT chk_access_log_entity CHECK (entity IN ('person', 'company'))
      ) PARTITION BY RANGE (at)`);
    await q.query(`CREATE INDEX idx_access_log_svc_at ON access_log (svc_id, at)`);
    await q.query(`CREATE TABLE ${ACCESS_LOG_DEFAULT_PARTITION} PARTITION OF access_log DEFAULT`);
    for (const p of partitionsAhead(new Date()))
      await q.query(
        `CREATE TABLE ${p.name} PARTITION OF access_log
           FOR VALUES FROM ('${p.from.toISOString()}') TO ('${p.to.toISOString()}')`,
      );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS access_log`);
  }
}
