/**
 * The access log's partitions, as names and UTC bounds: a partition a month
 * (`access_log_2026_11`), itself split into a partition a day (`access_log_2026_11_28`), which
 * holds the rows. What exists is read back from the names alone, so nothing has to parse
 * Postgres's bound expressions. Pure: the SQL that acts on these lives in maintenance.ts.
 */

export const ACCESS_LOG_TABLE = 'access_log';
/** Catches a row whose month has no partition yet, so an insert never fails on the calendar. */
export const ACCESS_LOG_DEFAULT_PARTITION = 'access_log_default';

const NAME = /^access_log_(\d{4})_(\d{2})(?:_(\d{2}))?$/;
const DAY_MS = 86_400_000;
/**
 * A day's rows are indexed once it has been over this long: a charge's transaction stamps its
 * rows with its start time, so one begun just before midnight may still be writing yesterday's.
 */
export const INDEX_AFTER_MS = 3_600_000;

export interface Partition {
  name: string;
  kind: 'month' | 'day';
  /** First instant, UTC (inclusive). */
  from: Date;
  /** First instant after it, UTC (exclusive). */
  to: Date;
}

/** The month partition holding `at`. */
export function monthPartition(at: Date): Partition {
  return monthOf(at.getUTCFullYear(), at.getUTCMonth());
}

/** The day partitions of a month, in order. */
export function dayPartitions(month: Partition): Partition[] {
  const days: Partition[] = [];
  for (let from = month.from.getTime(); from < month.to.getTime(); from += DAY_MS) {
    const day = new Date(from);
    days.push({
      name: `${month.name}_${pad(day.getUTCDate())}`,
      kind: 'day',
      from: day,
      to: new Date(from + DAY_MS),
    });
  }
  return days;
}

/**
 * The months to have ready at `now`: this one and the next ones (`ahead` of them), so a daily
 * job that misses a few runs still never lets rows fall into the default partition.
 */
export function partitionsAhead(now: Date, ahead = 1): Partition[] {
  return Array.from({ length: ahead + 1 }, (_, i) => monthOf(now.getUTCFullYear(), now.getUTCMonth() + i));
}

/** A month's or day's bounds from its name; null for any other table (the default one). */
export function parsePartitionName(name: string): Partition | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const month = monthOf(Number(m[1]), Number(m[2]) - 1);
  if (month.name !== `${ACCESS_LOG_TABLE}_${m[1]}_${m[2]}`) return null; // month 00 or 13
  if (m[3] === undefined) return month;
  return dayPartitions(month).find((d) => d.name === name) ?? null;
}

export interface PurgePlan {
  /** Partitions wholly older than the cutoff: dropped, no row-by-row delete. */
  drop: string[];
  /** Partitions that may hold rows on both sides of the cutoff: `DELETE … WHERE at < cutoff`. */
  trim: string[];
}

/**
 * What removes every row older than `cutoff` from the partitions named (months and days): a
 * month that ends at or before it goes whole, and so do the days of the month it falls in that
 * end by then; the day it falls in, and any table whose bounds the name does not say (the
 * default partition), lose their older rows. A month in the way with no day named (there should
 * be none) is trimmed itself. Later partitions are untouched.
 */
export function purgePlan(partitions: readonly string[], cutoff: Date): PurgePlan {
  const plan: PurgePlan = { drop: [], trim: [] };
  const at = cutoff.getTime();
  const parsed = [...partitions].sort().map((name) => ({ name, p: parsePartitionName(name) }));
  const dropped = (p: Partition) => p.to.getTime() <= at;
  const straddles = (p: Partition) => p.from.getTime() < at && at < p.to.getTime();
  for (const { name, p } of parsed) {
    if (!p) plan.trim.push(name);
    else if (p.kind === 'month') {
      if (dropped(p)) plan.drop.push(name);
      else if (straddles(p) && !parsed.some((d) => d.p?.kind === 'day' && d.name.startsWith(`${name}_`)))
        plan.trim.push(name);
    } else if (!dropped(monthPartition(p.from))) {
      if (dropped(p)) plan.drop.push(name);
      else if (straddles(p)) plan.trim.push(name);
    }
  }
  return plan;
}

/** The day partitions among `days` that are over (INDEX_AFTER_MS ago) and have no index yet. */
export function daysToIndex(days: ReadonlyArray<{ name: string; indexed: boolean }>, now: Date): string[] {
  return days
    .filter((d) => {
      const p = parsePartitionName(d.name);
      return !d.indexed && p?.kind === 'day' && p.to.getTime() + INDEX_AFTER_MS <= now.getTime();
    })
    .map((d) => d.name)
    .sort();
}

/** `now` less the retention, in whole days. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  if (!Number.isSafeInteger(retentionDays) || retentionDays < 1)
    throw new RangeError(`retention must be a positive number of days, got ${retentionDays}`);
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

function monthOf(year: number, monthIndex: number): Partition {
  const from = new Date(Date.UTC(year, monthIndex, 1));
  const to = new Date(Date.UTC(year, monthIndex + 1, 1));
  const name = `${ACCESS_LOG_TABLE}_${from.getUTCFullYear()}_${pad(from.getUTCMonth() + 1)}`;
  return { name, kind: 'month', from, to };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
