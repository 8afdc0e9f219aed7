import { companyKey, lookupCountry, lookupState, storedCityKey } from '@app/normalize';
import { CURATED, MAJOR_CITY_KEYS } from './curated';
import { DEMONYMS } from './data/places';
import { FUNCTION_WORDS, SENIORITY_WORDS } from './data/roles';
import { Content, Lexicon, Need, Sense } from './lexicon';
import { StoredIndustries } from './stored-industries';
import { phraseKey } from './tokenize';

/**
 * The values the served build stores, as the search worker reads them from the active build
 * (OpenSearch terms aggregations) when a build is activated: lowercase, as records hold them.
 * Every list is optional; discovery works with none (curated tables only).
 */
export interface Vocabulary {
  /** Current and past job titles (`job_title`, `title`). */
  readonly jobTitles?: Iterable<string>;
  readonly cities?: Iterable<string>;
  /** State names (`state`). */
  readonly states?: Iterable<string>;
  /** Country names (`country`). */
  readonly countries?: Iterable<string>;
  /** Professional-network industry names (`company_industry`, `industry`). */
  readonly industries?: Iterable<string>;
  /** Employer and company names (`company_name`, `organization_name`, `name_cleaned`). */
  readonly companyNames?: Iterable<string>;
  /** Employer and company domains (`company_domain`, `domain`). */
  readonly companyDomains?: Iterable<string>;
  readonly skills?: Iterable<string>;
  readonly languages?: Iterable<string>;
  readonly schools?: Iterable<string>;
  /** Ticker symbols, uppercase. */
  readonly tickers?: Iterable<string>;
  /** Exchange codes, uppercase. */
  readonly exchanges?: Iterable<string>;
}

/** A vocabulary turned into lookup tables; build it once per served build, not per request. */
export interface CompiledVocabulary {
  readonly kind: 'compiled-vocabulary';
  readonly lexicon: Lexicon;
  /**
   * Stored city spellings by `storedCityKey` (accents, "st."/"saint", other names folded), most
   * frequent first: "montreal" → ["montréal"], and "bombay", "mumbai" → whichever of
   * "mumbai" and "bombay" the build holds.
   */
  readonly cities: ReadonlyMap<string, readonly string[]>;
  /** What a curated industry set means in this build (its stored names, or none). */
  readonly industries: StoredIndustries;
  readonly skills: ReadonlySet<string>;
  readonly languages: ReadonlySet<string>;
  readonly tickers: ReadonlySet<string>;
}

/** More values than any build's distinct stored values; the rest of a longer list is not read. */
export const MAX_VOCABULARY_VALUES = 1_000_000;
const MAX_VALUE_LENGTH = 200;

const SENIORITY_STARTS = new Set(
  SENIORITY_WORDS.flatMap(([keys]) => keys.split('|')).filter((k) => !k.includes(' ')),
);
const FUNCTION_KEYS = new Set(FUNCTION_WORDS.flatMap(([keys]) => keys.split('|')));
const SENIORITY_ENDS = new Set(
  SENIORITY_WORDS.filter(([, , weak]) => !weak)
    .flatMap(([keys]) => keys.split('|'))
    .filter((k) => !k.includes(' ')),
);
/**
 * "engineering manager", "finance intern": a function and a seniority, read from their own
 * words (every engineering manager, not only that exact title; every finance intern, the
 * accounting intern too).
 */
const functionAndSeniority = (w: readonly string[]) =>
  w.length >= 2 && SENIORITY_ENDS.has(w[w.length - 1]) && FUNCTION_KEYS.has(w.slice(0, -1).join(' '));
const DEMONYM_KEYS = new Set(DEMONYMS.flatMap(([keys]) => keys.split('|')));

const cache = new WeakMap<Vocabulary, CompiledVocabulary>();

export const EMPTY_VOCABULARY: CompiledVocabulary = compile({});

export function isCompiled(v: Vocabulary | CompiledVocabulary): v is CompiledVocabulary {
  return (v as CompiledVocabulary).kind === 'compiled-vocabulary';
}

/** Compiles a vocabulary, remembering the result for the same object. */
export function compileVocabulary(vocabulary: Vocabulary | CompiledVocabulary): CompiledVocabulary {
  if (isCompiled(vocabulary)) return vocabulary;
  const known = cache.get(vocabulary);
  if (known) return known;
  const compiled = compile(vocabulary);
  cache.set(vocabulary, compiled);
  return compiled;
}

function* values(list: Iterable<string> | undefined): Iterable<string> {
  if (!list) return;
  let n = 0;
  for (const v of list) {
    if (++n > MAX_VOCABULARY_VALUES) return;
    if (typeof v !== 'string') continue;
    const s = v.trim().toLowerCase();
    if (s !== '' && s.length <= MAX_VALUE_LENGTH) yield s;
  }
}

const words = (s: string) =>
  phraseKey(s)
    .split(' ')
    .filter((w) => w !== '');

function compile(v: Vocabulary): CompiledVocabulary {
  const lex = new Lexicon(CURATED);
  const add = (
    phrase: string,
    c: Content,
    needs?: readonly Need[],
    options: { plural?: boolean; typos?: boolean } = {},
  ) => {
    const sense: Sense = needs
      ? { type: 'content', content: c, origin: 'vocabulary', needs }
      : { type: 'content', content: c, origin: 'vocabulary' };
    lex.add(phrase.replace(/\|/g, ' '), sense, options);
  };

  for (const title of values(v.jobTitles)) {
    const w = words(title);
    // Seniority and "head of X" are read from their own words, so "senior software engineer"
    // means senior + software engineer, not only that exact title.
    if (
      w.length === 0 ||
      w.length > 5 ||
      SENIORITY_STARTS.has(w[0]) ||
      functionAndSeniority(w) ||
      w.includes('of') ||
      w.includes(',') ||
      w.includes('and')
    )
      continue;
    add(title, { category: 'title', terms: [title] }, undefined, { plural: true });
  }
  const cities = new Map<string, string[]>();
  for (const name of values(v.cities)) {
    const key = phraseKey(name);
    const spellings = cities.get(storedCityKey(name));
    if (!spellings) cities.set(storedCityKey(name), [name]);
    else if (!spellings.includes(name)) spellings.push(name);
    // Single-word city names are often ordinary words ("mobile", "reading"): after a place word only.
    const needs: Need[] | undefined = key.includes(' ') || MAJOR_CITY_KEYS.has(key) ? undefined : ['cue'];
    add(name, { category: 'place', places: [{ level: 'city', value: name }] }, needs);
  }
  for (const name of values(v.states)) {
    const sub = lookupState(name);
    if (sub)
      add(
        name,
        { category: 'place', places: [{ level: 'state', value: sub.code }] },
        sub.country_code === 'US' ? undefined : ['cue'],
      );
  }
  for (const name of values(v.countries)) {
    const c = lookupCountry(name);
    if (c && name.length > 3) add(name, { category: 'place', places: [{ level: 'country', value: c.code }] });
  }
  const industries = new StoredIndustries();
  for (const name of values(v.industries)) {
    industries.add(name);
    add(name, { category: 'industry', industries: [name] });
  }
  for (const name of values(v.companyNames)) {
    const w = words(name);
    const needs: Need[] | undefined = w.length === 1 && w[0].length < 4 ? ['cue'] : undefined;
    const c: Content = { category: 'company', orgs: [{ by: 'name', value: name }] };
    add(name, c, needs, { typos: false });
    const key = companyKey(name);
    if (key !== '' && key !== phraseKey(name)) add(key, c, needs, { typos: false });
  }
  for (const domain of values(v.companyDomains))
    add(domain, { category: 'company', orgs: [{ by: 'domain', value: domain }] }, undefined, {
      typos: false,
    });
  const skills = new Set<string>();
  for (const name of values(v.skills)) {
    skills.add(name);
    add(
      name,
      { category: 'skill', skills: [name] },
      phraseKey(name).length <= 2 ? ['cue', 'role'] : undefined,
    );
  }
  const languages = new Set<string>();
  for (const name of values(v.languages)) {
    languages.add(name);
    add(
      name,
      { category: 'language', languages: [name] },
      DEMONYM_KEYS.has(phraseKey(name)) ? ['cue', 'suffix'] : undefined,
    );
  }
  for (const name of values(v.schools)) {
    add(name, { category: 'school', name }, words(name).length === 1 ? ['cue'] : undefined, { typos: false });
  }
  const tickers = new Set<string>();
  for (const t of values(v.tickers)) tickers.add(t.toUpperCase());
  for (const code of values(v.exchanges))
    add(
      code,
      { category: 'exchange', codes: [code.toUpperCase()] },
      code.length <= 3 ? ['cue', 'upper'] : undefined,
    );
  return { kind: 'compiled-vocabulary', lexicon: lex, cities, industries, skills, languages, tickers };
}
