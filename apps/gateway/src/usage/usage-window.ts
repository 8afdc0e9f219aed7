import { validationFailed } from '@app/contracts';

const DAY_MS = 86_400_000;
/** Without `from`, a window reaches this far back from `to`. */
export const DEFAULT_WINDOW_DAYS = 30;
/** The longest window one request may ask for: a year, leap day included. */
export const MAX_WINDOW_DAYS = 366;

/** `YYYY-MM-DD`, or an instant with its offset: `2026-11-29T13:05:00Z`, `…+01:00`, seconds and fractions optional. */
export const WINDOW_BOUND =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

export interface UsageWindow {
  /** Included. */
  from: Date;
  /** Excluded. */
  to: Date;
}

/**
 * The instants a request's `from` and `to` name (docs/usage.md, "Window"). A date is a whole UTC
 * day: `from` its first instant, `to` the first instant of the next day, so `to=2026-11-30`
 * includes November 30. A timestamp is that instant, `from` included and `to` excluded.
 * Defaults: `to` now, `from` DEFAULT_WINDOW_DAYS before `to`. Refused (422 naming the field):
 * a bound that is no real date or time, `from` not before `to`, a window over MAX_WINDOW_DAYS.
 */
export function usageWindow(from: string | undefined, to: string | undefined, now = new Date()): UsageWindow {
  const end = to === undefined ? now : bound('to', to, 1);
  const start =
    from === undefined ? new Date(end.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS) : bound('from', from, 0);
  if (start.getTime() >= end.getTime())
    throw validationFailed([
      {
        field: 'from',
        problems: [`from (${start.toISOString()}) must be before to (${end.toISOString()}, excluded)`],
      },
    ]);
  if (end.getTime() - start.getTime() > MAX_WINDOW_DAYS * DAY_MS)
    throw validationFailed([
      {
        field: 'from',
        problems: [
          `the window from ${start.toISOString()} to ${end.toISOString()} is longer than ${MAX_WINDOW_DAYS} days: ask for a year at most, one request per year`,
        ],
      },
    ]);
  return { from: start, to: end };
}

/** The instant `value` names; a date plus `daysAfter` days (`to` is the end of its day). */
function bound(field: 'from' | 'to', value: string, daysAfter: number): Date {
  const isDate = value.length === 10;
  const ms = Date.parse(isDate ? `${value}T00:00:00Z` : value);
  if (!WINDOW_BOUND.test(value) || Number.isNaN(ms) || !realDate(value.slice(0, 10)))
    throw validationFailed([
      {
        field,
        problems: [
          `${field} must be a date (YYYY-MM-DD, a whole UTC day) or a timestamp with its offset (2026-11-29T13:05:00Z); got ${JSON.stringify(value)}`,
        ],
      },
    ]);
  return new Date(ms + daysAfter * (isDate ? DAY_MS : 0));
}

/** Date.parse rolls 2026-02-30 over to March 2: a real date reads back the same. */
function realDate(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}
