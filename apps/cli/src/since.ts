import { UsageError } from './errors';

/** Units of a relative `--since`: minutes, hours, days, weeks. */
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** A date, or a date and time with `Z` or an offset (seconds and fractions optional). */
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * `--since`: how far back, as a duration before `now` (`30m`, `24h`, `7d`, `2w`) or an ISO date
 * (`2026-11-01`, midnight UTC) or time with its zone (`2026-11-01T08:00:00Z`). A time without a
 * zone is refused rather than guessed in the machine's local zone.
 */
export function sinceFlag(flag: string, raw: string, now: Date = new Date()): Date {
  const s = raw.trim();
  const duration = /^(\d{1,6})([mhdw])$/.exec(s);
  if (duration) return new Date(now.getTime() - Number(duration[1]) * UNIT_MS[duration[2]]);
  if (ISO.test(s)) {
    // Date reads 2026-02-30 as March 2nd: a real calendar day reads back the same.
    const day = new Date(`${s.slice(0, 10)}T00:00:00Z`);
    const at = new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
    const real = !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s.slice(0, 10);
    if (real && !Number.isNaN(at.getTime())) return at;
  }
  throw new UsageError(
    `${flag} must be a duration like 24h or 7d (m, h, d, w) or an ISO date or time with its zone, e.g. 2026-11-01 or 2026-11-01T08:00:00Z (got ${JSON.stringify(raw)})`,
  );
}
