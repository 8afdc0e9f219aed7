/**
 * The value formats records use, as reusable patterns and checks. Patterns are exported for
 * other producers (CLI build names, DTOs); none has the `g` flag, so sharing them is safe.
 */
import { normalizePhone } from '@app/normalize';
import { type Check, fail, pattern, returns, str } from './checks';

/** Canonical lowercase 8-4-4-4-12 hex; the version nibble is not checked ("UUID-shaped"). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const YEAR_MONTH_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])$/;
export const YEAR_PATTERN = /^\d{4}$/;
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const STATE_CODE_PATTERN = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
/**
 * Build names `<version>_<date>`: a plain semver `MAJOR.MINOR.PATCH` (no pre-release or build
 * metadata, so the name stays a valid OpenSearch index suffix) and the build's `YYYY-MM-DD`,
 * e.g. `1.0.0_2026-11-21`. Group 1 is the version, group 2 the date.
 */
export const BUILD_VERSION_PATTERN = /^((?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*))_(\d{4}-\d{2}-\d{2})$/;
/** Lowercase host names with at least one dot; labels are bounded so backtracking stays linear. */
export const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Optional http(s) scheme, a lowercase host, optional port and any non-blank path. */
export const URL_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/;
export const EMAIL_PATTERN = /^[^\s@A-Z]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Professional-network ids are numeric (SPEC.md: "professional-network numeric ID"). */
export const NETX_ID_PATTERN = /^\d{1,20}$/;
export const GEO_PATTERN = /^(-?\d{1,3}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/;
const SLUG_PATTERN = /^[a-z][a-z0-9_]*$/;
const CONTINENT_CODES = new Set(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isCalendarDate(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  // Digits are guaranteed by the pattern; reading char codes avoids allocating a match array.
  const year = +s.slice(0, 4);
  const month = (s.charCodeAt(5) - 48) * 10 + s.charCodeAt(6) - 48;
  const day = (s.charCodeAt(8) - 48) * 10 + s.charCodeAt(9) - 48;
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

export function isBuildVersion(s: string): boolean {
  const m = BUILD_VERSION_PATTERN.exec(s);
  return m !== null && isCalendarDate(m[2]);
}

function isGeo(s: string): boolean {
  const m = GEO_PATTERN.exec(s);
  return m !== null && Math.abs(+m[1]) <= 90 && Math.abs(+m[2]) <= 180;
}

const lower = (s: string) => s.toLowerCase();
const upper = (s: string) => s.toUpperCase();
/** Whitespace runs collapse to one space, so "san  francisco" and "san francisco" are one value. */
const cleanText = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
/** A URL's scheme and host are case-insensitive; its path is not. */
const lowerHost = (s: string) => s.replace(/^(https?:\/\/)?([^/?#]*)/i, (m) => m.toLowerCase());
/** A full ISO timestamp is cut to its day. */
const dayOf = (s: string) => (/^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s);
const slugOf = (s: string) => s.toLowerCase().replace(/[\s-]+/g, '_');

export const uuid = pattern(UUID_PATTERN, 'a UUID', lower);
export const date = str(isCalendarDate, 'a YYYY-MM-DD date', dayOf);
export const yearMonth = pattern(YEAR_MONTH_PATTERN, 'a YYYY-MM month');
export const year = pattern(YEAR_PATTERN, 'a YYYY year');
export const stateCode = pattern(STATE_CODE_PATTERN, 'an ISO 3166-2 code like US-CA', upper);
export const countryCode = pattern(COUNTRY_CODE_PATTERN, 'an ISO 3166-1 alpha-2 code', upper);
export const continentCode = str(
  (s) => CONTINENT_CODES.has(s),
  'a continent code (AF AN AS EU NA OC SA)',
  upper,
);
export const buildVersion = str(isBuildVersion, 'a build version <version>_<date> like 1.0.0_2026-11-21');
export const domain = pattern(DOMAIN_PATTERN, 'a domain', (s) => lower(s).replace(/^www\./, ''));
export const url = pattern(URL_PATTERN, 'a URL', lowerHost);
export const netxId = pattern(NETX_ID_PATTERN, 'a numeric id', undefined, true);
export const geo = str(isGeo, 'a "<lat>,<lon>" pair in range', (s) => s.replace(/\s+/g, ''));
export const postalCode = pattern(/^[0-9A-Za-z][0-9A-Za-z -]{1,10}$/, 'a postal code', undefined, true);
export const zip4 = pattern(/^\d{4}$/, 'four digits', undefined, true);
/** Short lowercase identifiers used as filter values, e.g. phone type `mobile`, network `github`. */
export const slug = pattern(SLUG_PATTERN, 'a lowercase slug like "mobile"', slugOf);
/** SPEC.md: text is lowercase unless titlecased on output; blank text is missing, never ''. */
export const text = str(() => true, 'text', cleanText);
/** Names, titles, places: the same as text (kept apart so a schema says what a field is). */
export const label = text;
export const initial = str((s) => s.length === 1, 'a single character', lower);
/** Lowercased; the address must be one (normalization for matching, Gmail dots and the like, is the key's business). */
export const email = pattern(EMAIL_PATTERN, 'an email address', lower);

export function hex(length: number): Check {
  return pattern(new RegExp(`^[0-9a-f]{${length}}$`), `${length} hex digits`, lower);
}

/**
 * E.164; a number written nationally is read in the record's country (`ctx.region`, US when
 * the record has none), through the same libphonenumber metadata enrichment uses.
 */
export const e164: Check = returns(
  (v, ctx) => {
    const raw = typeof v === 'number' && Number.isInteger(v) ? `+${v}` : v;
    if (typeof raw !== 'string') return fail(ctx, 'a phone number', v);
    const s = raw.trim();
    if (E164_PATTERN.test(s)) return s;
    const phone = normalizePhone(s, ctx.region ?? 'US');
    return phone.ok ? phone.value.e164 : fail(ctx, `a phone number (${phone.reason})`, v);
  },
  { type: 'string' },
);
