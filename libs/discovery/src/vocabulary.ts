import { companyKey, lookupCountry, lookupState, storedCityKey } from '@app/normalize';
import { CURATED, MAJOR_CITY_KEYS } from './curated';
import { DEMONYMS } from './data/places';
import { FUNCTION_WORDS, SENIORITY_WORDS } from './data/roles';
import { Content, ContentSense, Lexicon, Need } from './lexicon';
import { StoredIndustries } from './stored-industries';
import { PhraseList, StoredPhrases, storedKey } from './stored-phrases';

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
  /**
   * How the holders of a current title are spread over `seniority_level`: [title, level, share
   * of the title's holders] (a title's few most held levels). It decides whether a title that
   * starts with a seniority word is read as that seniority + the rest: yes for "senior policy
   * advisor" (its holders are senior), no for "executive producer" (none is c_level or vp).
   */
  readonly titleSeniority?: Iterable<readonly [title: string, level: string, share: number]>;
}

/** The lists of stored values (all but titleSeniority, which describes one of them). */
export type VocabularyList = Exclude<keyof Vocabulary, 'titleSeniority'>;

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
  /**
   * Exact stored values of the lists a filter names one by one (employer names and domains;
   * state and country codes; exchange codes), for saying when a filter names a value the build
   * does not hold. A list the build gave no values for is absent: nothing can be said of it.
   */
  readonly exact: ReadonlyMap<ExactList, ReadonlySet<string>>;
}

export type ExactList = 'companyNames' | 'companyDomains' | 'states' | 'countries' | 'exchanges';

/**
 * Distinct values kept per list, a bound no real build reaches (a 1M-people build holds far
 * fewer in its longest list: bench/discovery/RESULTS.md); the rest of a longer list is not read.
 */
export const MAX_VOCABULARY_VALUES = 2_000_000;
const MAX_VALUE_LENGTH = 200;

/** One-word seniority words and the levels each means ("executive" → c_level, vp). */
const SENIORITY_LEVELS = new Map(
  SENIORITY_WORDS.flatMap(([keys, levels]) =>
    keys
      .split('|')
      .filter((k) => !k.includes(' '))
      .map((k) => [k, levels.split('|')] as const),
  ),
);
const SENIORITY_STARTS = new Set(SENIORITY_LEVELS.keys());
/** How many of a title's first words are seniority words, its last word never. */
function seniorityRun(w: readonly string[]): number {
  let i = 0;
  while (i < w.length - 1 && SENIORITY_STARTS.has(w[i])) i++;
  return i;
}

/**
 * Whether a stored title starting with a seniority word means that seniority + the rest
 * ("senior policy advisor") rather than one occupation ("executive producer", "associate
 * professor"). The build's records decide (Vocabulary.titleSeniority): yes when most of the
 * title's holders carry a level its seniority words mean; yes, as before, without such data.
 */
type Composes = (title: string, words: readonly string[]) => boolean;
const ALWAYS_COMPOSES: Composes = () => true;

/** Shares of seniority levels, per seniority-initial title of the build. */
type TitleLevels = Map<string, Map<string, number>>;

function composesBy(levels: TitleLevels): Composes {
  return (title, words) => {
    const held = levels.get(title);
    if (!held) return true;
    const meant = new Set(words.slice(0, seniorityRun(words)).flatMap((w) => SENIORITY_LEVELS.get(w) ?? []));
    let share = 0;
    for (const [level, s] of held) if (meant.has(level)) share += s;
    return share > 0.5;
  };
}
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
/**
 * A stored title with "of" is one occupation ("director of research", "chief of staff",
 * "director of clinical development") unless a job function follows "of": "head of
 * engineering", "vp of sales" are a seniority and a function, read from their own words.
 */
const occupationOf = (w: readonly string[]) => {
  const of = w.indexOf('of');
  return of > 0 && of < w.length - 1 && !FUNCTION_KEYS.has(w.slice(of + 1).join(' '));
};
const DEMONYM_KEYS = new Set(DEMONYMS.flatMap(([keys]) => keys.split('|')));

const cache = new WeakMap<Vocabulary, CompiledVocabulary>();

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

function compile(v: Vocabulary): CompiledVocabulary {
  const builder = new VocabularyBuilder();
  builder.addTitleSeniority(v.titleSeniority ?? []);
  for (const list of LIST_ORDER) builder.add(list, v[list] ?? []);
  return builder.finish();
}

const sense = (content: Content, needs?: readonly Need[]): ContentSense =>
  needs
    ? { type: 'content', content, origin: 'vocabulary', needs }
    : { type: 'content', content, origin: 'vocabulary' };

const oneWordUnder = (name: string, letters: number) => {
  const key = storedKey(name);
  return !key.includes(' ') && key.length < letters;
};

/**
 * How each list's values are recognised, in the order their senses are offered. Needs are
 * worked out when a value is looked up, so at 1M people no sense is held per stored value.
 */
function jobTitles(composes: Composes): PhraseList {
  return {
    // Seniority and "head of X" are read from their own words, so "senior software engineer"
    // means senior + software engineer, not only that exact title.
    keep: (title, w) =>
      w.length <= 5 &&
      (w.includes('of')
        ? occupationOf(w)
        : !(SENIORITY_STARTS.has(w[0]) && (w.length === 1 || composes(title, w)))) &&
      !functionAndSeniority(w) &&
      !w.includes(',') &&
      !w.includes('and'),
    // …but the rest of such a title is a title of the build too ("senior policy advisor" →
    // "policy advisor"), so "senior policy advisors" is senior + that title, not senior alone.
    implies: (title) => {
      const w = title.split(' ');
      const i = seniorityRun(w);
      return i > 0 && composes(title, w) ? w.slice(i).join(' ') : undefined;
    },
    sense: (title) => sense({ category: 'title', terms: [title] }),
    plural: true,
    typos: true,
  };
}

export const PHRASE_LISTS: readonly (readonly [VocabularyList, PhraseList])[] = [
  ['jobTitles', jobTitles(ALWAYS_COMPOSES)],
  [
    'cities',
    {
      // Single-word city names are often ordinary words ("mobile", "reading"): after a place word only.
      sense: (name) => {
        const key = storedKey(name);
        const needs: Need[] | undefined = key.includes(' ') || MAJOR_CITY_KEYS.has(key) ? undefined : ['cue'];
        return sense({ category: 'place', places: [{ level: 'city', value: name }] }, needs);
      },
      typos: true,
    },
  ],
  [
    'states',
    {
      keep: (name) => lookupState(name) !== null,
      sense: (name) => {
        const sub = lookupState(name)!;
        return sense(
          { category: 'place', places: [{ level: 'state', value: sub.code }] },
          sub.country_code === 'US' ? undefined : ['cue'],
        );
      },
      typos: true,
    },
  ],
  [
    'countries',
    {
      keep: (name) => name.length > 3 && lookupCountry(name) !== null,
      sense: (name) =>
        sense({ category: 'place', places: [{ level: 'country', value: lookupCountry(name)!.code }] }),
      typos: true,
    },
  ],
  ['industries', { sense: (name) => sense({ category: 'industry', industries: [name] }), typos: true }],
  [
    'companyNames',
    {
      sense: (name) =>
        sense(
          { category: 'company', orgs: [{ by: 'name', value: name }] },
          oneWordUnder(name, 4) ? ['cue'] : undefined,
        ),
      alias: (name) => companyKey(name) || undefined,
    },
  ],
  [
    'companyDomains',
    { sense: (domain) => sense({ category: 'company', orgs: [{ by: 'domain', value: domain }] }) },
  ],
  [
    'skills',
    {
      sense: (name) =>
        sense(
          { category: 'skill', skills: [name] },
          storedKey(name).length <= 2 ? ['cue', 'role'] : undefined,
        ),
      typos: true,
    },
  ],
  [
    'languages',
    {
      sense: (name) =>
        sense(
          { category: 'language', languages: [name] },
          DEMONYM_KEYS.has(storedKey(name)) ? ['cue', 'suffix'] : undefined,
        ),
      typos: true,
    },
  ],
  [
    'schools',
    {
      sense: (name) =>
        sense({ category: 'school', name }, storedKey(name).includes(' ') ? undefined : ['cue']),
    },
  ],
  [
    'exchanges',
    {
      sense: (code) =>
        sense(
          { category: 'exchange', codes: [code.toUpperCase()] },
          code.length <= 3 ? ['cue', 'upper'] : undefined,
        ),
      typos: true,
    },
  ],
];

const LIST_ORDER: readonly VocabularyList[] = [...PHRASE_LISTS.map(([list]) => list), 'tickers'];

/**
 * Compiles a vocabulary a part at a time, so a caller reading a large build can hand over each
 * page of values as it arrives and yield between parts. Values of a list are best added most
 * frequent first: a phrase key held by several values offers them in that order.
 */
export class VocabularyBuilder {
  private readonly phrases = new StoredPhrases();
  private readonly counts = new Map<VocabularyList, number>();
  private readonly cities = new Map<string, string[]>();
  private readonly industries = new StoredIndustries();
  private readonly skills = new Set<string>();
  private readonly languages = new Set<string>();
  private readonly tickers = new Set<string>();
  private readonly exact = new Map<ExactList, Set<string>>();
  private readonly titleLevels: TitleLevels = new Map();

  constructor() {
    for (const [list, spec] of PHRASE_LISTS)
      this.phrases.declare(list, list === 'jobTitles' ? jobTitles(composesBy(this.titleLevels)) : spec);
  }

  /**
   * How titles' holders are spread over seniority levels (Vocabulary.titleSeniority); add it
   * before the titles it describes. Only titles starting with a seniority word are held.
   */
  addTitleSeniority(entries: Iterable<readonly [title: string, level: string, share: number]>): void {
    for (const entry of entries) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') continue;
      const title = entry[0].trim().toLowerCase();
      const share = Number(entry[2]);
      const space = title.indexOf(' ');
      if (space < 0 || !SENIORITY_STARTS.has(title.slice(0, space)) || !(share >= 0)) continue;
      const levels = this.titleLevels.get(title);
      if (levels) levels.set(entry[1], share);
      else this.titleLevels.set(title, new Map([[entry[1], share]]));
    }
  }

  add(list: VocabularyList, values: Iterable<string>): void {
    for (const value of values) {
      const n = (this.counts.get(list) ?? 0) + 1;
      if (n > MAX_VOCABULARY_VALUES) return;
      this.counts.set(list, n);
      if (typeof value !== 'string') continue;
      const s = value.trim().toLowerCase();
      if (s === '' || s.length > MAX_VALUE_LENGTH) continue;
      this.addOne(list, s);
    }
  }

  finish(): CompiledVocabulary {
    const { cities, industries, skills, languages, tickers, exact } = this;
    const lexicon = new Lexicon(CURATED, this.phrases);
    return { kind: 'compiled-vocabulary', lexicon, cities, industries, skills, languages, tickers, exact };
  }

  private addOne(list: VocabularyList, name: string): void {
    if (list === 'tickers') {
      this.tickers.add(name.toUpperCase());
      return;
    }
    if (list === 'cities') {
      const spellings = this.cities.get(storedCityKey(name));
      if (!spellings) this.cities.set(storedCityKey(name), [name]);
      else if (!spellings.includes(name)) spellings.push(name);
    } else if (list === 'industries') this.industries.add(name);
    else if (list === 'skills') this.skills.add(name);
    else if (list === 'languages') this.languages.add(name);
    else this.holdExact(list, name);
    this.phrases.add(list, name);
  }

  /** Filters carry codes for states, countries and exchanges, names and domains as stored. */
  private holdExact(list: VocabularyList, name: string): void {
    const value =
      list === 'states'
        ? lookupState(name)?.code
        : list === 'countries'
          ? lookupCountry(name)?.code
          : list === 'exchanges'
            ? name.toUpperCase()
            : list === 'companyNames' || list === 'companyDomains'
              ? name
              : undefined;
    if (value === undefined) return;
    const set = this.exact.get(list as ExactList);
    if (set) set.add(value);
    else this.exact.set(list as ExactList, new Set([value]));
  }
}

// After the lists and the builder it compiles with.
export const EMPTY_VOCABULARY: CompiledVocabulary = compile({});
