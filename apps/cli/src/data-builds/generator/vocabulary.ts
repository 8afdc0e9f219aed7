/**
 * Which words a build's records are written in (docs/data-generator.md, "Vocabularies").
 * 'default' is this project's own tables. 'current' writes the same kind of people and
 * companies in another source's words: the professional network's current industry taxonomy,
 * other cities (spelled as a records source stores them), another style of employer names and
 * other title phrasings, so discovery can be measured on a build its tables were not written
 * from. Every draw of the 'current' words comes from streams of its own (STREAM.current*),
 * so the default output is untouched and each build is deterministic per seed.
 */
import { Rng } from '@app/random';
import { CURRENT_BRAND_ENDINGS, CURRENT_NAME_WORDS, CURRENT_TRADES } from './data/company-names-current';
import type { Sector } from './data/industries';
import { CURRENT_SUCCESSORS } from './data/industries-current';
import { COMMONWEALTH_TITLES, GLOBAL_TITLES } from './data/titles-current';
import { NAME_POOLS } from './data/names';
import { type City, currentPlaceSet, DEFAULT_PLACES, type PlaceSet } from './places';
import { STREAM } from './streams';

export const VOCABULARIES = ['default', 'current'] as const;
export type VocabularyName = (typeof VOCABULARIES)[number];

/** What a company looks like before its name and industry are put in the build's words. */
export interface CompanyDraft {
  index: number;
  /** The classic industry it was drawn with. */
  industry: string;
  sector: Sector;
  hq: City;
  /** Its name in this project's default style. */
  name: string;
  employees: number;
}

export interface Vocabulary {
  readonly name: VocabularyName;
  readonly places: PlaceSet;
  /** The industry name the build stores for the company. */
  industryOf(company: CompanyDraft): string;
  /** The company's name (lowercase, as `name.cleaned` stores it). */
  nameOf(company: CompanyDraft): string;
  /** A title of titles.ts as this build phrases it at an employer in `countryCode`. */
  title(title: string, countryCode: string): string;
}

const DEFAULT_VOCABULARY: Vocabulary = {
  name: 'default',
  places: DEFAULT_PLACES,
  industryOf: (c) => c.industry,
  nameOf: (c) => c.name,
  title: (t) => t,
};

const COMMONWEALTH = new Set(['GB', 'IE', 'IN', 'AU']);
const LETTERS = 'abcdefghjklmnprstw';

function currentName(rng: Rng, c: CompanyDraft): string {
  // Public bodies are named for the place they serve in any source: keep the default name.
  if (c.sector === 'government') return c.name;
  const trade = rng.pick(CURRENT_TRADES[c.sector]);
  const word = rng.pick(CURRENT_NAME_WORDS);
  // Owner's names, towns and initials are small businesses' names; larger firms get brands.
  const r = c.employees > 200 ? (rng.chance(0.5) ? 0 : 0.8) : rng.float();
  if (r < 0.3) return `${word} ${trade}`;
  if (r < 0.5) {
    const culture = currentPlaceSet().of(c.hq.country.code).cultures.sample(rng);
    return `${NAME_POOLS[culture].last.sample(rng)} ${trade}`;
  }
  if (r < 0.62) return `${c.hq.name} ${trade}`;
  if (r < 0.75) {
    let initials = '';
    for (let k = rng.range(2, 3); k > 0; k--) initials += LETTERS[rng.int(LETTERS.length)];
    return `${initials} ${trade}`;
  }
  if (r < 0.92) return `${word.replace(/ /g, '')}${rng.pick(CURRENT_BRAND_ENDINGS)}`;
  return `the ${word} ${trade}`;
}

function currentVocabulary(seed: readonly [number, number]): Vocabulary {
  return {
    name: 'current',
    places: currentPlaceSet(),
    industryOf(c) {
      return new Rng(seed, STREAM.currentIndustry, c.index).pick(CURRENT_SUCCESSORS[c.industry]);
    },
    nameOf(c) {
      return currentName(new Rng(seed, STREAM.currentName, c.index), c);
    },
    title(t, countryCode) {
      return (COMMONWEALTH.has(countryCode) ? COMMONWEALTH_TITLES[t] : undefined) ?? GLOBAL_TITLES[t] ?? t;
    },
  };
}

export function vocabularyOf(name: VocabularyName, seed: readonly [number, number]): Vocabulary {
  return name === 'current' ? currentVocabulary(seed) : DEFAULT_VOCABULARY;
}
