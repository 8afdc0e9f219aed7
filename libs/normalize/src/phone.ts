/**
 * Phone numbers → E.164 with libphonenumber-js. A number written without a country code is
 * read in `defaultRegion` (the clean endpoint's `default_region`, US unless said otherwise).
 * The default (min) metadata is used: it validates each country's number ranges, and it is
 * what lets the clean endpoint and the loader stay above 20,000 numbers a second.
 */
import { isSupportedCountry, parsePhoneNumberWithError, ParseError, CountryCode } from 'libphonenumber-js';
import { Cleaned, fail, ok } from './result';
import { normalizeSpace } from './text';

export interface Phone {
  /** `+<country code><national number>`, no extension. */
  e164: string;
  /** ISO 3166-1 alpha-2 of the number's region; null for non-geographic numbers (+800…). */
  country: string | null;
}

const MAX_INPUT = 64;
// Digits, formatting and extension markers; anything else (letters beyond "ext", "@") is not a phone.
const ALLOWED = /^[+\d\s().\-/–—#*xXeEtTnN:;,]*$/;
const INTERNATIONAL_00 = /^00(?=[1-9])/;

export function isSupportedRegion(region: string): boolean {
  return isSupportedCountry(region.toUpperCase() as CountryCode);
}

export function normalizePhone(input: string, defaultRegion = 'US'): Cleaned<Phone> {
  const s = normalizeSpace(input);
  if (s === '') return fail('empty');
  if (s.length > MAX_INPUT) return fail('too_long');
  if (!ALLOWED.test(s) || !/\d/.test(s)) return fail('invalid_characters');
  const region = defaultRegion.toUpperCase();
  if (!isSupportedCountry(region as CountryCode)) return fail('unsupported_region');
  // "00" is the international prefix almost everywhere; libphonenumber only knows the
  // default region's own prefix (011 in the US), so a European-style "0044…" would fail.
  const text = s.startsWith('+') ? s : s.replace(/^[(\s]*/, '').replace(INTERNATIONAL_00, '+');
  try {
    const number = parsePhoneNumberWithError(text, { defaultCountry: region as CountryCode, extract: false });
    if (!number.isValid()) return fail('invalid_number');
    return ok({ e164: number.number, country: number.country ?? null });
  } catch (e) {
    if (e instanceof ParseError) return fail(PARSE_REASONS[e.message] ?? 'invalid_number');
    throw e;
  }
}

const PARSE_REASONS: Record<string, string> = {
  INVALID_COUNTRY: 'invalid_country_code',
  NOT_A_NUMBER: 'not_a_number',
  TOO_SHORT: 'too_short',
  TOO_LONG: 'too_long',
  INVALID_LENGTH: 'invalid_length',
};

/** The E.164 form, or null. */
export function phoneKey(input: string, defaultRegion = 'US'): string | null {
  const r = normalizePhone(input, defaultRegion);
  return r.ok ? r.value.e164 : null;
}
