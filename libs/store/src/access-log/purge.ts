import type { DataSource, QueryRunner } from 'typeorm';
import { dataSourceSchema, quoteIdent } from '../data-source';
import {
  ACCESS_LOG_DEFAULT_PARTITION,
  ACCESS_LOG_TABLE,
  MonthPartition,
  partitionsAhead,
  purgePlan,
  retentionCutoff,
} from './partitions';

/** What one purge did. */
export interface AccessLogPurge {
  /** Rows at or after this instant were kept (ISO 8601). */
  cutoff: string;
  /** Monthly partitions made ahead of time. */
  created: string[];
  /** Monthly partitions dropped whole. */
  dropped: string[];
  /** Rows deleted one by one: the month the cutoff falls in, the default partition, and any month
   * that could not be dropped at once (see LOCK_TIMEOUT). */
  deleted: number;
}

/**
 * Dropping a partition takes an exclusive lock on access_log, which the charge statement writes
 * to: wait this long at most, so the purge never holds billed calls up for more than a moment.
 * A month whose drop times out has its rows deleted instead; tomorrow's run drops it.
 */
const LOCK_TIMEOUT = '2s';
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The daily purge (the gateway's timer and `privacy:purge-access-log` both call it): makes this
 * month's and next month's partitions if missing, then removes every row older than the
 * retention: months wholly past it are dropped, the boundary month and the default partition
 * lose their older rows. One process at a time per schema (a session advisory lock); another
 * that finds it taken returns null at once, doing nothing.
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
      const created = await createPartitions(q, now);
      const plan = purgePlan(await partitionNames(q), cutoff);
      const dropped: string[] = [];
      let deleted = 0;
      for (const name of plan.drop) {
        if (await dropPartition(q, name)) dropped.push(name);
        else deleted += await deleteOlder(q, name, cutoff);
      }
      for (const name of plan.trim) deleted += await deleteOlder(q, name, cutoff);
      return { cutoff: cutoff.toISOString(), created, dropped, deleted };
    } finally {
      await q.query('RESET lock_timeout').catch(() => undefined);
      await q.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    }
  } finally {
    await q.release();
  }
}

async function partitionNames(q: QueryRunner): Promise<string[]> {
  const rows = (await q.query(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::regclass`,
    [ACCESS_LOG_TABLE],
  )) as Array<{ name: string }>;
  return rows.map((r) => r.name);
}

/**
 * The months ahead that have no partition yet. Each is built beside the table and attached, in
 * one transaction, with any rows the default partition caught for its month moved into it first:
 * a plain CREATE … PARTITION OF would fail on such rows, and attaching locks less of the table.
 */
async function createPartitions(q: QueryRunner, now: Date): Promise<string[]> {
  const existing = new Set(await partitionNames(q));
  const created: string[] = [];
  for (const p of partitionsAhead(now).filter((m) => !existing.has(m.name))) {
    try {
      await inTransaction(q, () => attachMonth(q, p));
      created.push(p.name);
    } catch (error) {
      // Busy table: the default partition takes the month's rows meanwhile; the next run moves them.
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    }
  }
  return created;
}

async function attachMonth(q: QueryRunner, p: MonthPartition): Promise<void> {
  const name = quoteIdent(p.name);
  const [from, to] = [p.from.toISOString(), p.to.toISOString()];
  await q.query(`CREATE TABLE ${name} (LIKE ${ACCESS_LOG_TABLE} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  await q.query(
    `WITH moved AS (DELETE FROM ${ACCESS_LOG_DEFAULT_PARTITION} WHERE at >= $1 AND at < $2 RETURNING *)
     INSERT INTO ${name} SELECT * FROM moved`,
    [from, to],
  );
  await q.query(
    `ALTER TABLE ${ACCESS_LOG_TABLE} ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`,
  );
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
