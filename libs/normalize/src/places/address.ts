/**
 * A free-text address → city, state, postal code and country, for enrichment's `address`
 * input. Addresses are read from the end, where their structure is: an optional country, then
 * a part holding the state and/or postal code ("CA 94105", "ON M5V 2T6", "SW1A 1AA",
 * "75008 Paris"), then the city; parts before the city are the street. Each piece goes through
 * the same normalizers as the separate fields, so `address` and `city`/`state`/… agree.
 */
import { normalizeSpace, unifyPunctuation } from '../text';
import { Cleaned, fail, ok } from '../result';
import { normalizeCity } from './city';
import { Country, countryByCode, lookupCountry } from './country';
import { normalizePostalCode, parseUsZip, PostalCode } from './postal-code';
import { lookupState, STATE_COUNTRIES, Subdivision } from './state';

export interface ParsedAddress {
  street_address: string;
  city: string;
  state: string;
  state_code: string;
  postal_code: string;
  postal_code_4: string;
  country: string;
  country_code: string;
}

interface Tail {
  postal: PostalCode | null;
  rest: string;
  /** The code came first ("10117 Berlin"), so what follows it is the city. */
  cityFollows: boolean;
  /** The country of the state the code followed ("Tamil Nadu 600161"), when the address named none. */
  country?: string;
}
const US_TAIL = /^(?:(.*?)[\s,]+)?(\d{5}(?:\s*-\s*\d{4})?)$/;
const CA_TAIL = /^(?:(.*?)\s+)?([A-Za-z]\d[A-Za-z])\s?(\d[A-Za-z]\d)$/;
const GB_TAIL = /^(?:(.*?)\s+)?([A-Za-z]{1,2}\d[A-Za-z\d]?)\s?(\d[A-Za-z]{2})$/;
const LEADING_CODE = /^(\d{4,6}|\d{3}-\d{4}|\d{2}-\d{3}|[A-Za-z]{1,2}-?\d{4,5})\s+(\D.*)$/;
const TRAILING_CODE = /^(.*\D)\s+(\d{4,6}|\d{3}-\d{4}|\d{2}-\d{3})$/;
// Any other code after a region or city: one token holding a digit, maybe a short second one
// ("3079 XA", "116 31", "T12 PTE5", "D04 HR8K", "460-1004", "90091-612", "083182").
const CODE_WORD = /^[A-Za-z]{0,2}\d[\dA-Za-z-]*$/;
const CODE_TAIL_WORD = /^[A-Za-z\d]{2,4}$/;
const STRICT_ZIP = /^\d{5}(?:-\d{4})?$/;
/** Words a subdivision name is read from at the end of a text ("rio grande do sul"). */
const STATE_WORDS = 4;

/** The ways `part` may end in a postal code, the two-word reading first: [what precedes it, the code]. */
function trailingCodes(part: string): Array<[string, string]> {
  const words = part.split(' ');
  const n = words.length;
  const out: Array<[string, string]> = [];
  if (n >= 3 && CODE_WORD.test(words[n - 2]) && CODE_TAIL_WORD.test(words[n - 1]))
    out.push([words.slice(0, n - 2).join(' '), `${words[n - 2]} ${words[n - 1]}`]);
  if (n >= 2 && CODE_WORD.test(words[n - 1])) out.push([words.slice(0, n - 1).join(' '), words[n - 1]]);
  return out.filter(([rest]) => /[^\d\s-]$/.test(rest));
}

/** The code as a postal code of `country`; a US ZIP only in its full five digits here. */
function postalOf(code: string, country: string): PostalCode | null {
  if (country === 'US' && !STRICT_ZIP.test(code)) return null;
  const r = normalizePostalCode(code, country);
  return r.ok ? r.value : null;
}

/** The subdivision names `text` may end with, longest first ("tamil nadu", "nadu"). */
function stateTails(text: string): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  for (let n = Math.min(STATE_WORDS, words.length); n >= 1; n--) {
    const tail = words.slice(-n).join(' ');
    if (!/^\d+$/.test(tail)) out.push(tail);
  }
  return out;
}

/**
 * "Tamil Nadu 600161", "QLD 4812", "North Holland 1017 TB" in an address that names no
 * country: a code after a state is taken with that state's country, the default region's first.
 * A state the code does not fit is looked for in other countries ("WA 6160" is Western
 * Australia's, as no US ZIP has four digits); only real subdivision names get that far.
 */
function codeAfterState(part: string, region: string): Tail | null {
  for (const [rest, code] of trailingCodes(part)) {
    for (const tail of stateTails(rest)) {
      const first = lookupState(tail, { defaultRegion: region });
      if (!first) continue;
      const countries = [first.country_code, ...STATE_COUNTRIES.filter((c) => c !== first.country_code)];
      for (const country of countries) {
        if (country !== first.country_code && !lookupState(tail, { country })) continue;
        const postal = postalOf(code, country);
        if (postal) return { postal, rest, cityFollows: false, country };
      }
    }
  }
  return null;
}

/** Splits a postal code off one address part, by the country's shape when the country is known. */
function splitPostal(part: string, country: string | null, region: string): Tail {
  const tryUs = country === null || country === 'US';
  if (tryUs) {
    const m = US_TAIL.exec(part);
    if (m) {
      const zip = parseUsZip(m[2]);
      if (zip.ok) return { postal: zip.value, rest: m[1] ?? '', cityFollows: false };
    }
  }
  for (const [re, c] of [
    [CA_TAIL, 'CA'],
    [GB_TAIL, 'GB'],
  ] as const) {
    if (country !== null && country !== c) continue;
    const m = re.exec(part);
    if (m) {
      const code = normalizePostalCode(`${m[2]}${m[3]}`, c);
      if (code.ok) return { postal: code.value, rest: m[1] ?? '', cityFollows: false };
    }
  }
  if (country !== 'US') {
    const lead = LEADING_CODE.exec(part);
    if (lead) {
      const code = normalizePostalCode(lead[1], country ?? 'XX');
      if (code.ok) return { postal: code.value, rest: lead[2], cityFollows: true };
    }
    const trail = TRAILING_CODE.exec(part);
    if (trail && country !== null) {
      const code = normalizePostalCode(trail[2], country);
      if (code.ok) return { postal: code.value, rest: trail[1], cityFollows: false };
    }
    if (country === null)
      return codeAfterState(part, region) ?? { postal: null, rest: part, cityFollows: false };
    for (const [rest, code] of trailingCodes(part)) {
      const postal = postalOf(code, country);
      if (postal) return { postal, rest, cityFollows: false };
    }
  }
  return { postal: null, rest: part, cityFollows: false };
}

/** The last one to three words of `text` as a country or state, and what precedes them. */
function splitTrailing<T>(text: string, lookup: (s: string) => T | null): { found: T; rest: string } | null {
  const words = text.split(' ');
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const found = lookup(words.slice(-n).join(' '));
    if (found) return { found, rest: words.slice(0, -n).join(' ') };
  }
  return null;
}

const startsWithNumber = (s: string) => /^\d/.test(s);
/** A part holding a number is a street or a code, never the city ("Stationsweg 13"). */
const holdsNumber = (s: string) => /\d/.test(s);

/**
 * Subdivisions named like their main city: "Berlin, Germany" or "Tokyo, Japan" names the city
 * as much as the state, so both are filled.
 */
const CITY_STATES = new Set([
  'US-NY',
  'DE-BE',
  'DE-HH',
  'DE-HB',
  'RU-MOW',
  'RU-SPE',
  'CN-BJ',
  'CN-SH',
  'CN-TJ',
  'CN-CQ',
  'CN-HK',
  'CN-MO',
  'IN-DL',
  'JP-13',
  'JP-26',
  'JP-27',
  'MX-CMX',
  'TH-10',
  'ID-JK',
  'VN-HN',
  'VN-SG',
  'VN-DN',
  'VN-HP',
  'VN-CT',
  'CD-KN',
  'ET-AA',
  'ET-DD',
  'EG-C',
  'EG-ALX',
  'EG-GZ',
  'TR-06',
  'TR-34',
  'TR-35',
  'NG-LA',
  'NG-KN',
  'BR-SP',
  'BR-RJ',
  'CH-GE',
  'CH-ZH',
  'CH-BE',
  'IE-D',
  'IE-CO',
  'IE-G',
  'ES-MD',
  'ES-VC',
  'NL-UT',
  'NL-GR',
  'SE-AB',
  'SE-C',
  'SG-01',
  'PK-IS',
  'BD-C',
  'IR-07',
  'AU-ACT',
]);

/** A last part that is a state code of the default region ("IL", "WA") is a state, not a country. */
function isRegionStateCode(part: string, region: string): boolean {
  if (!/^[A-Za-z]{2,3}$/.test(part)) return false;
  const sub = lookupState(part, { country: region });
  return sub !== null && sub.code === `${region}-${part.toUpperCase()}`;
}

/**
 * A whole last part that names a state of the default region (by code or by name: "IL",
 * "Atlanta, Georgia" for a US caller) is that state, not a country.
 */
const isRegionState = (part: string, region: string): boolean =>
  lookupState(part, { country: region }) !== null;

/**
 * A last part that names a state anywhere is not to be split into a state-less rest and a
 * country its name ends with ("New Jersey", "Western Australia", "North Holland", "Grand Est").
 */
const isStateEndingInCountry = (part: string, region: string): boolean =>
  lookupState(part, { defaultRegion: region }) !== null;

export function parseAddress(
  input: string,
  options: { defaultRegion?: string } = {},
): Cleaned<ParsedAddress> {
  const region = (options.defaultRegion ?? 'US').toUpperCase();
  const text = unifyPunctuation(normalizeSpace(input.replace(/[\r\n;]+/g, ',')));
  if (text === '') return fail('empty');
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return fail('unparseable');

  let country: Country | null = null;
  let state: Subdivision | null = null;
  let postal: PostalCode | null = null;
  let city = '';

  const last = parts[parts.length - 1];
  if ((parts.length > 1 || !/\d/.test(last)) && !(parts.length > 1 && isRegionState(last, region))) {
    country = lookupCountry(last);
  }
  if (country) parts.pop();
  else if (last.includes(' ') && !isStateEndingInCountry(last, region)) {
    const t = splitTrailing(last, lookupCountry);
    // "Utrecht 3508 TD": a short code after a number ends a postal code, it is no country.
    const afterCode = t !== null && /\d$/.test(t.rest) && last.length - t.rest.length <= 4;
    if (t && t.rest !== '' && !afterCode && !isRegionStateCode(t.rest.split(' ').pop() ?? '', region)) {
      country = t.found;
      parts[parts.length - 1] = t.rest;
    }
  }

  // A bare number in an address is a house or postal number, not a subdivision code ("12" is Tianjin's).
  const stateOf = (s: string) =>
    /^\d+$/.test(s) ? null : lookupState(s, country ? { country: country.code } : { defaultRegion: region });
  const setCity = (s: string) => {
    const c = normalizeCity(s);
    if (c.ok) city = c.value.name;
    return c.ok;
  };

  if (parts.length > 0) {
    const tail = splitPostal(parts[parts.length - 1], country?.code ?? null, region);
    postal = tail.postal;
    if (tail.country) country = countryByCode(tail.country) ?? null;
    if (postal && tail.cityFollows) {
      if (setCity(tail.rest)) parts.pop();
    } else if (postal) {
      if (tail.rest === '') parts.pop();
      else parts[parts.length - 1] = tail.rest;
    }
  }

  // The state is a whole part ("…, California, …") or ends the city's part ("San Francisco CA").
  for (let i = parts.length - 1; i >= Math.max(0, parts.length - 2) && !state; i--) {
    if (startsWithNumber(parts[i])) break;
    const whole = parts.length > 1 || country || postal || city ? stateOf(parts[i]) : null;
    if (whole) {
      state = whole;
      const [text] = parts.splice(i, 1);
      const cityLeft = parts.length > 0 && !holdsNumber(parts[parts.length - 1]);
      if (!city && !cityLeft && CITY_STATES.has(whole.code)) parts.push(text);
      break;
    }
    const t = parts[i].includes(' ') ? splitTrailing(parts[i], stateOf) : null;
    if (t && t.rest !== '') {
      state = t.found;
      parts[i] = t.rest;
    }
  }

  const lastPart = parts[parts.length - 1];
  if (!city && lastPart !== undefined && !startsWithNumber(lastPart)) {
    if (parts.length > 1 || state || postal || country) {
      if (setCity(lastPart)) parts.pop();
    } else {
      // A lone word or phrase: a country, a state, else a city.
      country = lookupCountry(lastPart);
      state = country ? null : lookupState(lastPart, { defaultRegion: region });
      if (country || state || setCity(lastPart)) parts.pop();
    }
  }

  if (!country && state) country = countryByCode(state.country_code) ?? null;
  if (!country && postal && postal.postal_code_4 !== '') country = countryByCode('US') ?? null;

  const street = parts.join(', ').toLowerCase();
  if (!city && !state && !postal && !country) return fail('unparseable');
  return ok({
    street_address: street,
    city,
    state: state?.name ?? '',
    state_code: state?.code ?? '',
    postal_code: postal?.postal_code ?? '',
    postal_code_4: postal?.postal_code_4 ?? '',
    country: country?.name ?? '',
    country_code: country?.code ?? '',
  });
}
