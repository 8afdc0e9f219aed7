/**
 * The access log's monthly partitions, as names and UTC bounds: what exists is read back from
 * the names alone (`access_log_2026_11`), so nothing has to parse Postgres's bound expressions.
 * Pure: the SQL that acts on these lives in maintenance.ts.
 */

export const ACCESS_LOG_TABLE = 'access_log';
/** Catches a row whose month has no partition yet, so an insert never fails on the calendar. */
export const ACCESS_LOG_DEFAULT_PARTITION = 'access_log_default';

const MONTH_NAME = /^access_log_(\d{4})_(\d{2})$/;

export interface MonthPartition {
  name: string;
  /** First instant of the month, UTC (inclusive). */
  from: Date;
  /** First instant of the next month, UTC (exclusive). */
  to: Date;
}

/** The partition holding `at`. */
export function monthPartition(at: Date): MonthPartition {
  return monthOf(at.getUTCFullYear(), at.getUTCMonth());
}

/**
 * The partitions to have ready at `now`: this month and the next ones (`ahead` of them), so a
 * daily job that misses a few runs still never lets rows fall into the default partition.
 */
export function partitionsAhead(now: Date, ahead = 1): MonthPartition[] {
  return Array.from({ length: ahead + 1 }, (_, i) => monthOf(now.getUTCFullYear(), now.getUTCMonth() + i));
}

/** A monthly partition's bounds from its name; null for any other table (the default one). */
export function parsePartitionName(name: string): MonthPartition | null {
  const m = MONTH_NAME.exec(name);
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return monthOf(Number(m[1]), month - 1);
}

export interface PurgePlan {
  /** Partitions wholly older than the cutoff: dropped, no row-by-row delete. */
  drop: string[];
  /** Partitions that may hold rows on both sides of the cutoff: `DELETE … WHERE at < cutoff`. */
  trim: string[];
}

/**
 * What removes every row older than `cutoff` from the partitions named: a month that ends at or
 * before it goes whole; the month it falls in, and any table whose bounds the name does not say
 * (the default partition), lose their older rows; later months are untouched.
 */
export function purgePlan(partitions: readonly string[], cutoff: Date): PurgePlan {
  const plan: PurgePlan = { drop: [], trim: [] };
  for (const name of [...partitions].sort()) {
    const month = parsePartitionName(name);
    if (!month) plan.trim.push(name);
    else if (month.to.getTime() <= cutoff.getTime()) plan.drop.push(name);
    else if (month.from.getTime() < cutoff.getTime()) plan.trim.push(name);
  }
  return plan;
}

/** `now` less the retention, in whole days. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  if (!Number.isSafeInteger(retentionDays) || retentionDays < 1)
    throw new RangeError(`retention must be a positive number of days, got ${retentionDays}`);
  return new Date(now.getTime() - retentionDays * 86_400_000);
}

function monthOf(year: number, monthIndex: number): MonthPartition {
  const from = new Date(Date.UTC(year, monthIndex, 1));
  const to = new Date(Date.UTC(year, monthIndex + 1, 1));
  const name = `${ACCESS_LOG_TABLE}_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from, to };
}
