import { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCESS_LOG_DEFAULT_PARTITION, dayPartitions, partitionsAhead } from '../access-log/partitions';

/**
 * access_log: one row per record returned to a paying caller (docs/access-log.md), written by
 * the charge statement that bills it. Append-only and kept ACCESS_LOG_RETENTION_DAYS, so it is
 * partitioned by month (the purge drops whole months) and each month by day. The rows are
 * indexed by (svc_id, at) one day at a time, once the day is over (the daily job): an index
 * entry per record at a random place of a growing index is most of what a row costs to write
 * (bench/access/RESULTS.md, "Access log"), and no request reads the log. The DEFAULT partition
 * takes a row whose month was never created, so an insert (and the charge it belongs to) never
 * fails on the calendar. No foreign keys: the log must outlive a key or a team row, and a key
 * lookup per inserted row would tax every billed call.
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
    await q.query(`CREATE TABLE ${ACCESS_LOG_DEFAULT_PARTITION} PARTITION OF access_log DEFAULT`);
    for (const month of partitionsAhead(new Date())) {
      await q.query(
        `CREATE TABLE ${month.name} PARTITION OF access_log
           FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')
           PARTITION BY RANGE (at)`,
      );
      for (const day of dayPartitions(month))
        await q.query(
          `CREATE TABLE ${day.name} PARTITION OF ${month.name}
             FOR VALUES FROM ('${day.from.toISOString()}') TO ('${day.to.toISOString()}')`,
        );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS access_log`);
  }
}
