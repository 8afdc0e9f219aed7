/**
 * Country: a name, ISO 3166-1 alpha-2 or alpha-3 code, or a common alias ("usa", "U.K.",
 * "Deutschland") → the country's name as records store it, with its alpha-2 code.
 */
import { normalizeSpace } from '../text';
import { Cleaned, fail, ok } from '../result';
import { COUNTRY_LINES } from './countries.data';
import { placeKey } from './place-key';

export interface Country {
  /** ISO 3166-1 alpha-2, uppercase (records' `country_code`). */
  code: string;
  alpha3: string;
  /** Lowercase common English name (records' `country`). */
  name: string;
}

const BY_ALPHA2 = new Map<string, Country>();
const BY_ALPHA3 = new Map<string, Country>();
const BY_NAME = new Map<string, Country>();
const BY_ALIAS = new Map<string, Country>();

for (const line of COUNTRY_LINES.split('\n')) {
  if (line.trim() === '') continue;
  const [code, alpha3, ...rest] = line.split(' ');
  const names = rest.join(' ').split('|');
  const country: Country = { code, alpha3, name: names[0] };
  BY_ALPHA2.set(code, country);
  BY_ALPHA3.set(alpha3, country);
  BY_NAME.set(placeKey(names[0]), country);
  for (const alias of names.slice(1)) {
    const key = placeKey(alias);
    if (!BY_ALIAS.has(key)) BY_ALIAS.set(key, country);
  }
}

/** Every alpha-2 code we know, for validating `default_region`. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(BY_ALPHA2.keys());

export function countryByCode(code: string): Country | undefined {
  return BY_ALPHA2.get(code.toUpperCase());
}

export function isCountryCode(value: string): boolean {
  return value.length === 2 && BY_ALPHA2.has(value.toUpperCase());
}

/** Null when the input names no country we know. */
export function lookupCountry(input: string): Country | null {
  const s = normalizeSpace(input);
  if (s.length === 2 || s.length === 3) {
    const upper = s.toUpperCase();
    const byCode = s.length === 2 ? BY_ALPHA2.get(upper) : BY_ALPHA3.get(upper);
    if (byCode) return byCode;
  }
  const key = placeKey(s);
  return BY_NAME.get(key) ?? BY_ALIAS.get(key) ?? null;
}

export function normalizeCountry(input: string): Cleaned<Country> {
  if (normalizeSpace(input) === '') return fail('empty');
  const country = lookupCountry(input);
  return country ? ok(country) : fail('unknown_country');
}
