import { UsageError } from './errors';

/**
 * Validation of command-line input. Every function takes the flag name (for the message) and
 * the raw string, and returns the parsed value or throws a UsageError naming the flag.
 */

export const INT32_MAX = 2147483647;

/** A team given as `--team`: all digits = id, anything else = name (names are never all digits). */
export type TeamRef = { id: number } | { name: string };

const show = (raw: string) => JSON.stringify(raw);

export function nonNegativeInt(flag: string, raw: string, max = INT32_MAX): number {
  const s = raw.trim();
  if (!/^\d+$/.test(s) || Number(s) > max) {
    throw new UsageError(`${flag} must be a non-negative integer up to ${max} (got ${show(raw)})`);
  }
  return Number(s);
}

/** A spend cap in credits: a non-negative integer, or `none` to have no cap (null). */
export function capOrNone(flag: string, raw: string): number | null {
  if (raw.trim().toLowerCase() === 'none') return null;
  const s = raw.trim();
  if (!/^\d+$/.test(s) || Number(s) > INT32_MAX) {
    throw new UsageError(
      `${flag} must be a non-negative integer up to ${INT32_MAX} credits, or none (got ${show(raw)})`,
    );
  }
  return Number(s);
}

export function positiveInt(flag: string, raw: string, max = INT32_MAX): number {
  const s = raw.trim();
  if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > max) {
    throw new UsageError(`${flag} must be a positive integer up to ${max} (got ${show(raw)})`);
  }
  return Number(s);
}

export function oneOf<T extends string>(flag: string, raw: string, values: readonly T[]): T {
  const s = raw.trim();
  if (!(values as readonly string[]).includes(s)) {
    throw new UsageError(`${flag} must be one of ${values.join(', ')} (got ${show(raw)})`);
  }
  return s as T;
}

/** A real calendar date `YYYY-MM-DD`. */
export function isoDate(flag: string, raw: string): string {
  const s = raw.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== s || Number(m[1]) < 1900) {
    throw new UsageError(`${flag} must be a date YYYY-MM-DD (got ${show(raw)})`);
  }
  return s;
}

/** Account email: trimmed and lowercased (login identity, not normalized like match emails). */
export function email(flag: string, raw: string): string {
  const s = raw.trim().toLowerCase();
  if (s.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)) {
    throw new UsageError(`${flag} must be an email address (got ${show(raw)})`);
  }
  return s;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export function password(flag: string, raw: string): string {
  if (raw.length < PASSWORD_MIN_LENGTH || raw.length > PASSWORD_MAX_LENGTH) {
    throw new UsageError(`${flag} must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  return raw;
}

/** Team names: trimmed, 1-100 characters, not all digits (so a number always means an id). */
export function teamName(flag: string, raw: string): string {
  const s = raw.trim();
  if (s.length < 1 || s.length > 100)
    throw new UsageError(`${flag} must be 1 to 100 characters (got ${show(raw)})`);
  if (/^\d+$/.test(s)) throw new UsageError(`${flag} must not be all digits (got ${show(raw)})`);
  return s;
}

export function teamRef(flag: string, raw: string): TeamRef {
  const s = raw.trim();
  if (/^\d+$/.test(s)) return { id: positiveInt(flag, s) };
  return { name: teamName(flag, s) };
}

const ENDPOINT = /^(\/[A-Za-z0-9_.-]+)+$/;

/** Comma-separated endpoint paths, each starting with `/`; trailing slashes dropped, duplicates removed. */
export function endpoints(flag: string, raw: string): string[] {
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const s = part.trim();
    if (s === '') continue;
    if (!s.startsWith('/')) throw new UsageError(`${flag}: ${show(s)} must start with "/"`);
    const path = s.length > 1 ? s.replace(/\/+$/, '') : s;
    if (!ENDPOINT.test(path)) {
      throw new UsageError(`${flag}: ${show(s)} is not an endpoint path like /person/enrich`);
    }
    if (!out.includes(path)) out.push(path);
  }
  if (out.length === 0)
    throw new UsageError(`${flag} must list at least one endpoint path, e.g. /person/enrich`);
  return out;
}

/** An API key prefix, with or without the `svc_` scheme (never the whole key). */
export function keyPrefix(flag: string, raw: string): string {
  const m = /^(?:svc_)?([0-9A-Za-z]{8})$/.exec(raw.trim());
  // The input is not echoed: it may be a whole key pasted by mistake.
  if (!m)
    throw new UsageError(`${flag} must be the 8-character key prefix, e.g. svc_AbCd1234 (not the whole key)`);
  return m[1];
}
