/**
 * City: the spelling people type → the name records use ("NYC" → "new york", "Bombay" →
 * "mumbai"), and `cityKey`, the folded form the loader stores and the matcher compares, so
 * "St. Louis", "Saint Louis" and "ST LOUIS" meet and accents never decide a match.
 */
import { normalizeSpace, unifyPunctuation } from '../text';
import { Cleaned, fail, ok } from '../result';
import { ALIASES_NAMING_OTHER_PLACES, CITY_ALIASES } from './city-aliases';
import { placeKey } from './place-key';

const ALIASES = new Map<string, string>(
  Object.entries(CITY_ALIASES).map(([alias, name]) => [placeKey(alias), name]),
);

export interface City {
  /** Lowercase, as records store it. */
  name: string;
  /** Comparison key: accents folded, "st." read as "saint", punctuation dropped. */
  key: string;
}

export function normalizeCity(input: string): Cleaned<City> {
  const s = unifyPunctuation(normalizeSpace(input)).toLowerCase();
  if (s === '') return fail('empty');
  if (!/\p{L}/u.test(s)) return fail('not_a_city');
  const key = placeKey(s);
  const alias = ALIASES.get(key);
  if (alias !== undefined) return ok({ name: alias, key: placeKey(alias) });
  return ok({ name: s, key });
}

/** The key of a city; '' for a value that names no city. */
export function cityKey(input: string): string {
  const r = normalizeCity(input);
  return r.ok ? r.value.key : '';
}

/**
 * The key a city spelling a record stores shares with the city's other names ("bombay" and
 * "mumbai", "kiev" and "kyiv", "new york city" and "new york"), so a search can name every
 * spelling a build holds. An alias that also names another place ("frisco") keys as itself.
 */
export function storedCityKey(stored: string): string {
  const key = cityKey(stored);
  const own = placeKey(stored);
  return own !== key && ALIASES_NAMING_OTHER_PLACES.has(own) ? own : key;
}
