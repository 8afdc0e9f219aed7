/**
 * Postal codes. US ZIP and ZIP+4 are split into the records' `postal_code` and
 * `postal_code_4`; other countries' codes are uppercased and, where the country writes a
 * space inside the code (GB, CA, NL…), given that space, so "sw1a1aa" and "SW1A 1AA" agree.
 */
import { normalizeSpace } from '../text';
import { Cleaned, fail, ok } from '../result';

export interface PostalCode {
  postal_code: string;
  /** The ZIP+4 extension; empty outside the US or when not given. */
  postal_code_4: string;
}

const ZIP = /^(\d{5})(?:\s*[-–]?\s*(\d{4}))?$/;
const NINE_DIGITS = /^(\d{5})(\d{4})$/;

/** US ZIP (`94105`), ZIP+4 (`94105-1234`, `94105 1234`, `941051234`). */
export function parseUsZip(input: string): Cleaned<PostalCode> {
  const s = normalizeSpace(input);
  if (s === '') return fail('empty');
  const m = ZIP.exec(s) ?? NINE_DIGITS.exec(s);
  if (!m) {
    // Spreadsheets drop the leading zero of New England ZIPs (02134 → 2134).
    if (/^\d{4}$/.test(s)) return ok({ postal_code: `0${s}`, postal_code_4: '' });
    return fail('invalid_zip');
  }
  if (m[1] === '00000') return fail('invalid_zip');
  return ok({ postal_code: m[1], postal_code_4: m[2] ?? '' });
}

/** Where the inward part is a fixed-length tail written after a space. */
const INWARD_LENGTH: Record<string, number> = { GB: 3, CA: 3, NL: 2, IE: 4, SE: 2, PL: 3, PT: 3, BR: 3 };
const INWARD_SEPARATOR: Record<string, string> = { PL: '-', PT: '-', BR: '-' };
const GENERIC = /^[A-Z0-9][A-Z0-9 -]{1,10}$/;

export function normalizePostalCode(input: string, country = 'US'): Cleaned<PostalCode> {
  const c = country.toUpperCase();
  if (c === 'US') return parseUsZip(input);
  const s = normalizeSpace(input).toUpperCase();
  if (s === '') return fail('empty');
  if (!GENERIC.test(s) || !/\d/.test(s)) return fail('invalid_postal_code');
  const inward = INWARD_LENGTH[c];
  if (inward === undefined) return ok({ postal_code: s, postal_code_4: '' });
  const compact = s.replace(/[ -]/g, '');
  if (compact.length <= inward) return fail('invalid_postal_code');
  const sep = INWARD_SEPARATOR[c] ?? ' ';
  return ok({
    postal_code: `${compact.slice(0, -inward)}${sep}${compact.slice(-inward)}`,
    postal_code_4: '',
  });
}
