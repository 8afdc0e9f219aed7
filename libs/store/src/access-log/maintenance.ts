import type { DataSource, QueryRunner } from 'typeorm';
import { dataSourceSchema, quoteIdent } from '../data-source';
import {
  ACCESS_LOG_DEFAULT_PARTITION,
  ACCESS_LOG_TABLE,
  dayPartitions,
  daysToIndex,
  Partition,
  partitionsAhead,
  purgePlan,
  retentionCutoff,
} from './partitions';

/** What one run did. */
export interface AccessLogPurge {
  /** Rows at or after this instant were kept (ISO 8601). */
  cutoff: string;
  /** Month partitions made ahead of time (with their days). */
  created: string[];
  /** Day partitions whose rows got their (svc_id, at) index. */
  indexed: string[];
  /** Month and day partitions dropped whole. */
  dropped: string[];
  /** Rows deleted one by one: the day the cutoff falls in, the default partition, and any
   * partition that could not be dropped at once (see LOCK_TIMEOUT). */
  deleted: number;
}

/**
 * Dropping a partition takes an exclusive lock on access_log, which the charge statement writes
 * to: wait this long at most, so the job never holds billed calls up for more than a moment. A
 * partition whose drop times out has its rows deleted instead; the next run drops it.
 */
const LOCK_TIMEOUT = '2s';
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The access log's daily job (the gateway's timer and `privacy:purge-access-log` both call it):
 * makes this month's and next month's partitions if missing, indexes the days that are over,
 * then removes every row older than the retention: whole months and days are dropped, the day
 * the cutoff falls in and the default partition lose their older rows. One process at a time
 * per schema (a session advisory lock); another that finds it taken returns null at once.
 */
export async function purgeAccessLog(
  db: DataSource,
  retentionDays: number,
  now: Date = new Date(),
): Promise<AccessLogPurge | null> {
  const cutoff = retentionCutoff(now, retentionDays);
  const lock = `svc:access-log-purge:${dataSourceSchema(db)}`;
  const q = db.createQueryRunner();
  await q.connect();
  try {
    const [{ locked }] = (await q.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      lock,
    ])) as Array<{
      locked: boolean;
    }>;
    if (!locked) return null;
    try {
      await q.query(`SET lock_timeout = '${LOCK_TIMEOUT}'`);
      const created = await createMonths(q, now);
      const plan = purgePlan(
        (await partitions(q)).map((p) => p.name),
        cutoff,
      );
      const dropped: string[] = [];
      let deleted = 0;
      for (const name of plan.drop) {
        if (await dropPartition(q, name)) dropped.push(name);
        else deleted += await deleteOlder(q, name, cutoff);
      }
      for (const name of plan.trim) deleted += await deleteOlder(q, name, cutoff);
      const indexed = await indexDays(q, now);
      return { cutoff: cutoff.toISOString(), created, indexed, dropped, deleted };
    } finally {
      await q.query('RESET lock_timeout').catch(() => undefined);
      await q.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    }
  } finally {
    await q.release();
  }
}

/** Every partition under access_log, months and days, and whether it has an index of its own. */
async function partitions(q: QueryRunner): Promise<Array<{ name: string; indexed: boolean }>> {
  return (await q.query(
    `WITH RECURSIVE tree AS (
       SELECT inhrelid AS oid FROM pg_inherits WHERE inhparent = $1::regclass
       UNION ALL
       SELECT i.inhrelid FROM pg_inherits i JOIN tree t ON i.inhparent = t.oid
     )
     SELECT c.relname AS name, EXISTS (SELECT FROM pg_index x WHERE x.indrelid = c.oid) AS indexed
       FROM tree JOIN pg_class c ON c.oid = tree.oid`,
    [ACCESS_LOG_TABLE],
  )) as Array<{ name: string; indexed: boolean }>;
}

/**
 * The months ahead that have no partition yet. Each is built beside the table with its days and
 * attached, in one transaction, with any rows the default partition caught for it moved in first:
 * a plain CREATE … PARTITION OF would fail on such rows, and attaching locks less of the table.
 */
async function createMonths(q: QueryRunner, now: Date): Promise<string[]> {
  const existing = new Set((await partitions(q)).map((p) => p.name));
  const created: string[] = [];
  for (const month of partitionsAhead(now).filter((m) => !existing.has(m.name))) {
    try {
      await inTransaction(q, () => attachMonth(q, month));
      created.push(month.name);
    } catch (error) {
      // Busy table: the default partition takes the month's rows meanwhile; the next run moves them.
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    }
  }
  return created;
}

async function attachMonth(q: QueryRunner, month: Partition): Promise<void> {
  const name = quoteIdent(month.name);
  await q.query(
    `CREATE TABLE ${name} (LIKE ${ACCESS_LOG_TABLE} INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (at)`,
  );
  for (const day of dayPartitions(month))
    await q.query(`CREATE TABLE ${quoteIdent(day.name)} PARTITION OF ${name} ${bounds(day)}`);
  await q.query(
    `WITH moved AS (DELETE FROM ${ACCESS_LOG_DEFAULT_PARTITION} WHERE at >= $1 AND at < $2 RETURNING *)
     INSERT INTO ${name} SELECT * FROM moved`,
    [month.from.toISOString(), month.to.toISOString()],
  );
  await q.query(`ALTER TABLE ${ACCESS_LOG_TABLE} ATTACH PARTITION ${name} ${bounds(month)}`);
}

/**
 * Each day that is over gets its (svc_id, at) index in one sorted build, instead of an entry per
 * row while billed calls wait (docs/access-log.md, "Storage and retention"). No one writes to a
 * day that is over, so the build's lock on it holds nothing up.
 */
async function indexDays(q: QueryRunner, now: Date): Promise<string[]> {
  const indexed: string[] = [];
  for (const name of daysToIndex(await partitions(q), now)) {
    try {
      await q.query(`CREATE INDEX ${quoteIdent(`${name}_svc_at`)} ON ${quoteIdent(name)} (svc_id, at)`);
      indexed.push(name);
    } catch (error) {
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    }
  }
  return indexed;
}

function bounds(p: Partition): string {
  return `FOR VALUES FROM ('${p.from.toISOString()}') TO ('${p.to.toISOString()}')`;
}

/** False when the table lock was not granted within LOCK_TIMEOUT. */
async function dropPartition(q: QueryRunner, name: string): Promise<boolean> {
  try {
    await q.query(`DROP TABLE ${quoteIdent(name)}`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return false;
    throw error;
  }
}

async function deleteOlder(q: QueryRunner, name: string, cutoff: Date): Promise<number> {
  const [{ n }] = (await q.query(
    `WITH gone AS (DELETE FROM ${quoteIdent(name)} WHERE at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [cutoff.toISOString()],
  )) as Array<{ n: number }>;
  return n;
}

async function inTransaction(q: QueryRunner, work: () => Promise<void>): Promise<void> {
  await q.startTransaction();
  try {
    await work();
    await q.commitTransaction();
  } catch (error) {
    await q.rollbackTransaction();
    throw error;
  }
}
