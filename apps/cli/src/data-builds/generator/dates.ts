/**
 * Calendar arithmetic on day numbers (days since 1970-01-01), without Date objects: the
 * generator formats millions of dates and must not depend on the machine's time zone.
 * Algorithms from Howard Hinnant's "chrono-compatible low-level date algorithms".
 */
import type { Rng } from '@app/random';

export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface Civil {
  year: number;
  month: number;
  day: number;
}

export function civilFromDays(z: number): Civil {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp + (mp < 10 ? 3 : -9);
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const PAD2: string[] = Array.from({ length: 32 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

// Records repeat the same few decades of days; formatted days are memoized by day number
// (1900-01-01 .. 2100-12-31).
const DAY_CACHE_START = daysFromCivil(1900, 1, 1);
const dayCache: (string | undefined)[] = new Array(daysFromCivil(2101, 1, 1) - DAY_CACHE_START);

/** `YYYY-MM-DD` (years 1000..9999). */
export function formatDay(z: number): string {
  const k = z - DAY_CACHE_START;
  const hit = dayCache[k];
  if (hit !== undefined) return hit;
  const c = civilFromDays(z);
  const s = `${c.year}-${PAD2[c.month]}-${PAD2[c.day]}`;
  if (k >= 0 && k < dayCache.length) dayCache[k] = s;
  return s;
}

/** `YYYY-MM`. */
export function formatMonth(z: number): string {
  const c = civilFromDays(z);
  return `${c.year}-${PAD2[c.month]}`;
}

export function parseDay(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) throw new RangeError(`not a YYYY-MM-DD date: ${s}`);
  return daysFromCivil(+m[1], +m[2], +m[3]);
}

// Packed year*512 + month*32 + day per day number, so comparisons need no object allocation.
const packedCache = new Int32Array(dayCache.length);

function packed(z: number): number {
  const k = z - DAY_CACHE_START;
  if (k >= 0 && k < packedCache.length) {
    const hit = packedCache[k];
    if (hit !== 0) return hit;
  }
  const c = civilFromDays(z);
  const p = c.year * 512 + c.month * 32 + c.day;
  if (k >= 0 && k < packedCache.length) packedCache[k] = p;
  return p;
}

/** Whole months from a to b (b >= a), counting a month only once its day-of-month is reached. */
export function monthsBetween(a: number, b: number): number {
  const x = packed(a);
  const y = packed(b);
  let months = ((y >> 9) - (x >> 9)) * 12 + (((y >> 5) & 15) - ((x >> 5) & 15));
  if ((y & 31) < (x & 31)) months--;
  return Math.max(0, months);
}

/** Completed years from a to b: an age, or whole years of experience. */
export function yearsBetween(a: number, b: number): number {
  const x = packed(a);
  const y = packed(b);
  let years = (y >> 9) - (x >> 9);
  if ((y & 511) < (x & 511)) years--;
  return years;
}

/** The same day-of-month `months` later (clamped to the month's last day). */
export function addMonths(z: number, months: number): number {
  const c = civilFromDays(z);
  const total = c.year * 12 + (c.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return daysFromCivil(year, month, Math.min(c.day, daysInMonth(year, month)));
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** A day number `[lo, hi]` uniformly (hi >= lo). */
export function dayBetween(rng: Rng, lo: number, hi: number): number {
  return hi <= lo ? lo : lo + rng.int(hi - lo + 1);
}
