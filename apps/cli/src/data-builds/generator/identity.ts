/**
 * Who a person is: employer, home city, sex and name. Drawn from its own stream so the context
 * can replay identities cheaply (to de-duplicate work emails) without generating whole records.
 */
import type { Sex } from '@app/contracts';
import { Rng } from '@app/random';
import type { CompanyInfo, EmailPattern } from './model';
import { type Culture, NAME_POOLS } from './data/names';
import { type City, type PlaceSet, placesOf } from './places';
import { STREAM } from './streams';
import { asciiLetters } from './text';

export interface Identity {
  slot: number;
  company: CompanyInfo;
  city: City;
  sex: Sex;
  culture: Culture;
  first: string;
  middle: string;
  last: string;
  /** ASCII letters of each name part, for addresses and usernames. */
  firstAscii: string;
  lastAscii: string;
}

/** Share of people who list a middle name, by culture. */
const MIDDLE_RATE: Readonly<Record<Culture, number>> = {
  anglo: 0.45,
  hispanic: 0.3,
  german: 0.25,
  french: 0.25,
  italian: 0.15,
  dutch: 0.2,
  nordic: 0.3,
  polish: 0.15,
  brazilian: 0.35,
  indian: 0.08,
  chinese: 0.05,
  japanese: 0.02,
  arabic: 0.2,
  southern_african: 0.3,
};

export function identityOf(
  seed: readonly [number, number],
  slot: number,
  company: CompanyInfo,
  places: PlaceSet,
): Identity {
  const rng = new Rng(seed, STREAM.identity, slot);
  // Most people live in the employer's metro; some elsewhere in the country; a few abroad (remote).
  const r = rng.float();
  const city =
    r < 0.72
      ? company.hq
      : r < 0.95
        ? places.of(company.hq.country.code).cities.sample(rng)
        : places.weights.sample(rng).cities.sample(rng);
  const culture = placesOf(city.country.code).cultures.sample(rng);
  const pool = NAME_POOLS[culture];
  const sex: Sex = rng.chance(0.5) ? 'female' : 'male';
  const given = sex === 'female' ? pool.female : pool.male;
  const first = given.sample(rng);
  let middle = '';
  if (rng.chance(MIDDLE_RATE[culture])) {
    middle = given.sample(rng);
    if (middle === first) middle = '';
  }
  let last = pool.last.sample(rng);
  if (rng.chance(pool.hyphenRate)) {
    const second = pool.last.sample(rng);
    if (second !== last && !second.includes(' ') && !last.includes(' ')) last = `${last}-${second}`;
  }
  if (sex === 'female' && pool.feminineSurname) last = last.split('-').map(pool.feminineSurname).join('-');
  return {
    slot,
    company,
    city,
    sex,
    culture,
    first,
    middle,
    last,
    firstAscii: asciiLetters(first),
    lastAscii: asciiLetters(last),
  };
}

/** The local part a company's pattern gives this person, before any duplicate suffix. */
export function workEmailBase(pattern: EmailPattern, first: string, last: string): string {
  switch (pattern) {
    case 'first.last':
      return `${first}.${last}`;
    case 'flast':
      return `${first.charAt(0)}${last}`;
    case 'first':
      return first;
    case 'firstl':
      return `${first}${last.charAt(0)}`;
    case 'first_last':
      return `${first}_${last}`;
    case 'firstlast':
      return `${first}${last}`;
    case 'f.last':
      return `${first.charAt(0)}.${last}`;
    case 'last.first':
      return `${last}.${first}`;
  }
}
