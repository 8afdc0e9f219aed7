import type { EntityManager } from 'typeorm';

/**
 * Spend caps per API key (docs/access.md, "Spend caps per key"). A key's day is the UTC calendar
 * day and its month the UTC calendar month: both read from the database's clock, in these two
 * expressions only, so every gateway and job runner agrees on the period whatever its own clock
 * says, and a test moves a key into a new period by backdating its spend_day / spend_month.
 */
export const UTC_DAY_SQL = `(now() AT TIME ZONE 'UTC')::date`;
export const UTC_MONTH_SQL = `date_trunc('month', now() AT TIME ZONE 'UTC')::date`;

export type CapPeriod = 'day' | 'month';

/** The cap that refused a charge, as the 402 `key_cap_reached` tells it. */
export interface CapRefusal {
  keyId: number;
  period: CapPeriod;
  cap: number;
  /** What the key had spent in the period before the refused charge. */
  spent: number;
  /** When the period ends (ISO 8601, UTC): the next UTC midnight or the first of the next month. */
  resetsAt: string;
}

/** The credits key `k` (a table alias of api_keys) spent in the current day / month. */
export function spentSql(k: string, period: CapPeriod): string {
  return period === 'day'
    ? `CASE WHEN ${k}.spend_day = ${UTC_DAY_SQL} THEN ${k}.spend_day_credits ELSE 0 END`
    : `CASE WHEN ${k}.spend_month = ${UTC_MONTH_SQL} THEN ${k}.spend_month_credits ELSE 0 END`;
}

/** What key `k` may still spend before its tighter cap; null when it has no cap. */
export function capLeftSql(k: string): string {
  // least() and greatest() skip nulls: a missing cap does not bound, two missing ones give null.
  return `CASE WHEN ${k}.daily_cap IS NULL AND ${k}.monthly_cap IS NULL THEN NULL ELSE greatest(0, least(${k}.daily_cap - (${spentSql(k, 'day')}), ${k}.monthly_cap - (${spentSql(k, 'month')}))) END`;
}

/** When the current period ends, as timestamptz. */
export function resetsAtSql(period: CapPeriod): string {
  return period === 'day'
    ? `((${UTC_DAY_SQL} + 1)::timestamp AT TIME ZONE 'UTC')`
    : `((${UTC_MONTH_SQL} + interval '1 month') AT TIME ZONE 'UTC')`;
}

/** A key's caps and what it spent in the current periods. */
export interface KeySpend {
  keyId: number;
  dailyCap: number | null;
  monthlyCap: number | null;
  spentToday: number;
  spentThisMonth: number;
  /** What it may still spend before its tighter cap; null when it has no cap. */
  capLeft: number | null;
  /** The refusal a charge of one credit would meet now, or null while the key is under its caps. */
  reached: CapRefusal | null;
}

interface KeySpendRow {
  id: number;
  daily_cap: number | null;
  monthly_cap: number | null;
  day_spent: string;
  month_spent: string;
  cap_left: string | null;
  day_resets_at: Date;
  month_resets_at: Date;
}

/** Reads the caps and current spend of the given keys (libs: the pre-check, key listings). */
export async function readKeySpend(
  db: { query: EntityManager['query'] },
  keyIds: readonly number[],
): Promise<KeySpend[]> {
  if (keyIds.length === 0) return [];
  const rows = (await db.query(
    `SELECT k.id, k.daily_cap, k.monthly_cap, ${spentSql('k', 'day')} AS day_spent,
            ${spentSql('k', 'month')} AS month_spent, ${capLeftSql('k')} AS cap_left,
            ${resetsAtSql('day')} AS day_resets_at, ${resetsAtSql('month')} AS month_resets_at
       FROM api_keys k WHERE k.id = ANY($1::int[]) ORDER BY k.id`,
    [keyIds],
  )) as KeySpendRow[];
  return rows.map((r) => {
    const day = Number(r.day_spent);
    const month = Number(r.month_spent);
    // The month's reset is reported when both are reached: it is the later one.
    const reached: CapRefusal | null =
      r.monthly_cap !== null && month >= r.monthly_cap
        ? refusal(r.id, 'month', r.monthly_cap, month, r.month_resets_at)
        : r.daily_cap !== null && day >= r.daily_cap
          ? refusal(r.id, 'day', r.daily_cap, day, r.day_resets_at)
          : null;
    return {
      keyId: r.id,
      dailyCap: r.daily_cap,
      monthlyCap: r.monthly_cap,
      spentToday: day,
      spentThisMonth: month,
      capLeft: r.cap_left === null ? null : Number(r.cap_left),
      reached,
    };
  });
}

function refusal(keyId: number, period: CapPeriod, cap: number, spent: number, at: Date): CapRefusal {
  return { keyId, period, cap, spent, resetsAt: new Date(at).toISOString() };
}

/** Parses a refusal as the charge statement returns it. */
export function capRefusalOf(row: {
  over_key_id: number | null;
  over_period: string | null;
  over_cap: number | null;
  over_spent: string | null;
  over_resets_at: Date | string | null;
}): CapRefusal | null {
  if (row.over_key_id === null || row.over_period === null || row.over_resets_at === null) return null;
  return refusal(
    row.over_key_id,
    row.over_period as CapPeriod,
    Number(row.over_cap),
    Number(row.over_spent),
    new Date(row.over_resets_at),
  );
}
