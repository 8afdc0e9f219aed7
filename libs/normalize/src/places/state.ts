/**
 * State: a subdivision name, alias or ISO 3166-2 code ("CA", "US-CA", "Calif.", "Bayern",
 * "GB-ENG") → its name as records store it, with the ISO 3166-2 code and country.
 *
 * A bare code or name is searched in the country given (an address's own country), else in
 * `default_region` (US unless said otherwise), else in every covered country in a fixed
 * priority order, so "ON" is Ontario for a US caller and "Punjab" is India's before Pakistan's.
 * Within a scope canonical names win over codes and codes over aliases, which keeps every
 * answer a fixed point: cleaning a cleaned state gives it back.
 */
import { normalizeSpace } from '../text';
import { Cleaned, fail, ok } from '../result';
import { placeKey } from './place-key';
import { AFRICA } from './subdivisions/africa';
import { AMERICAS } from './subdivisions/americas';
import { ASIA_PACIFIC } from './subdivisions/asia-pacific';
import { EUROPE } from './subdivisions/europe';

export interface Subdivision {
  /** ISO 3166-2, e.g. `US-CA` (records' `state_code`). */
  code: string;
  /** Lowercase name (records' `state`). */
  name: string;
  country_code: string;
}

interface Scope {
  names: Map<string, Subdivision>;
  codes: Map<string, Subdivision>;
  aliases: Map<string, Subdivision>;
}

const TABLES: Record<string, string> = { ...AMERICAS, ...EUROPE, ...ASIA_PACIFIC, ...AFRICA };

/** Ties between countries go to the first; English-speaking markets lead, then by data volume. */
const PRIORITY = ['US', 'CA', 'GB', 'AU', 'IN', 'IE', 'DE', 'FR', 'ES', 'IT', 'NL', 'BR', 'MX'];

const BY_CODE = new Map<string, Subdivision>();
const SCOPES = new Map<string, Scope>();
const GLOBAL: Scope = { names: new Map(), codes: new Map(), aliases: new Map() };

/** The spaceless key is a fallback spelling ("chonburi" for "chon buri", "kwazulunatal"). */
const squash = (key: string) => key.replace(/ /g, '');

function addOnce(map: Map<string, Subdivision>, key: string, sub: Subdivision): void {
  if (key !== '' && !map.has(key)) map.set(key, sub);
}

const countries = [
  ...PRIORITY,
  ...Object.keys(TABLES)
    .filter((c) => !PRIORITY.includes(c))
    .sort(),
];
for (const country of countries) {
  const scope: Scope = { names: new Map(), codes: new Map(), aliases: new Map() };
  SCOPES.set(country, scope);
  for (const line of TABLES[country].split('\n')) {
    if (line.trim() === '') continue;
    const space = line.indexOf(' ');
    const local = line.slice(0, space);
    const [name, ...aliases] = line.slice(space + 1).split('|');
    const sub: Subdivision = { code: `${country}-${local}`, name, country_code: country };
    BY_CODE.set(sub.code, sub);
    for (const target of [scope, GLOBAL]) {
      addOnce(target.names, placeKey(name), sub);
      addOnce(target.codes, local, sub);
      addOnce(target.aliases, squash(placeKey(name)), sub);
    }
    for (const alias of aliases) {
      if (alias.startsWith('=')) {
        BY_CODE.set(`${country}-${alias.slice(1)}`, sub);
        for (const target of [scope, GLOBAL]) addOnce(target.codes, alias.slice(1), sub);
        continue;
      }
      for (const target of [scope, GLOBAL]) {
        addOnce(target.aliases, placeKey(alias), sub);
        addOnce(target.aliases, squash(placeKey(alias)), sub);
      }
    }
  }
}

/** Countries whose subdivisions we know. */
export const STATE_COUNTRIES: readonly string[] = countries;

const FULL_CODE = /^([A-Za-z]{2})[-_ ]([A-Za-z0-9]{1,3})$/;
const BARE_CODE = /^[A-Za-z0-9]{1,3}$/;
// Words people add around a name ("Lagos State", "State of Jalisco", "County Cork").
const WRAPPERS =
  /^(?:(?:state|province|region|county|prefecture|department|canton|oblast|republic) of |county |co )|(?: (?:state|province|region|county|prefecture|department|canton|oblast|voivodeship|governorate|division|territory|district|ken|fu|to))$/;

function find(scope: Scope, key: string, code: string | null): Subdivision | undefined {
  return (
    scope.names.get(key) ??
    (code !== null ? scope.codes.get(code) : undefined) ??
    scope.aliases.get(key) ??
    scope.aliases.get(squash(key))
  );
}

function search(key: string, code: string | null, country: string | undefined): Subdivision | undefined {
  if (country !== undefined) {
    const scope = SCOPES.get(country);
    return scope ? find(scope, key, code) : undefined;
  }
  return undefined;
}

export interface StateOptions {
  /** Only this country's subdivisions (an address that names its country). */
  country?: string;
  /** Searched first when no country is given; default US. */
  defaultRegion?: string;
}

export function lookupState(input: string, options: StateOptions = {}): Subdivision | null {
  const s = normalizeSpace(input);
  if (s === '') return null;
  const full = FULL_CODE.exec(s);
  if (full) {
    const sub = BY_CODE.get(`${full[1]}-${full[2]}`.toUpperCase());
    if (sub) return options.country === undefined || options.country === sub.country_code ? sub : null;
  }
  const compact = s.replace(/[.\s]/g, '');
  const code = BARE_CODE.test(compact) ? compact.toUpperCase() : null;
  const key = placeKey(s);
  const unwrapped = key.replace(WRAPPERS, '');
  const keys = unwrapped !== key && unwrapped !== '' ? [key, unwrapped] : [key];
  for (const k of keys) {
    if (options.country !== undefined) {
      const sub = search(k, code, options.country);
      if (sub) return sub;
      continue;
    }
    const sub = search(k, code, (options.defaultRegion ?? 'US').toUpperCase()) ?? find(GLOBAL, k, code);
    if (sub) return sub;
  }
  return null;
}

/** Every subdivision we know, once each. */
export function allSubdivisions(): Subdivision[] {
  return [...new Set(BY_CODE.values())];
}

export function stateByCode(code: string): Subdivision | undefined {
  return BY_CODE.get(code.toUpperCase());
}

export function normalizeState(input: string, options: StateOptions = {}): Cleaned<Subdivision> {
  if (normalizeSpace(input) === '') return fail('empty');
  const sub = lookupState(input, options);
  return sub ? ok(sub) : fail('unknown_state');
}
