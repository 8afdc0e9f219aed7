import { allSubdivisions, COUNTRY_CODES, countryByCode, normalizeCity } from '@app/normalize';
import type { CompanySize, SeniorityLevel } from '@app/contracts';
import {
  EXCHANGES,
  GROWTH_WORDS,
  GUARDED_EXCHANGES,
  SIZE_WORDS,
  SIZE_WORDS_BEFORE_ORG,
  TYPE_WORDS,
} from './data/firmographics';
import { FUNCTION_INDUSTRIES, INDUSTRY_NAMES_BY_WORD } from './data/industries';
import {
  CITY_ALIAS_KEYS,
  COUNTRY_PHRASES,
  DEMONYMS,
  GUARDED_CITY_ALIASES,
  GUARDED_COUNTRY_ALIASES,
  MAJOR_CITIES,
  REGIONS,
  SHORT_COUNTRY_ALIASES,
  STATE_CODES_NOT_READ,
} from './data/places';
import { DEGREE_WORDS, LANGUAGE_NAMES, SKILL_ALIASES } from './data/profile';
import { FLAG_WORDS, FUNCTION_WORDS, SENIORITY_WORDS, SEX_WORDS, TITLE_SYNONYMS } from './data/roles';
import {
  AND_WORDS,
  AT_LEAST_AFTER,
  AT_LEAST_BEFORE,
  EMPLOYER_CUES,
  LANGUAGE_CUES,
  LANGUAGE_SUFFIXES,
  NEGATIONS,
  OR_WORDS,
  ORG_NOUNS,
  PAST_CUES,
  HISTORY_CUES,
  HISTORY_FILLERS,
  PLACE_CUES,
  SCHOOL_CUES,
  SKILL_CUES,
  STOP_WORDS,
  TICKER_CUES,
} from './data/words';
import type { Place } from './filters';
import { Content, Lexicon, Need, Sense } from './lexicon';
import { phraseKey } from './tokenize';

const content = (c: Content, needs?: readonly Need[]): Sense =>
  needs
    ? { type: 'content', content: c, origin: 'curated', needs }
    : { type: 'content', content: c, origin: 'curated' };
const bars = (words: readonly string[]) => words.join('|');
const split = (s: string) => s.split('|');

/** Short words ("go", "ml", "ts") are too common to be skills on their own. */
const SHORT = 2;

function build(): Lexicon {
  const lex = new Lexicon();
  lex.add(bars(STOP_WORDS), { type: 'stop' });
  lex.add(bars(ORG_NOUNS), { type: 'org-noun' });
  lex.add(bars(NEGATIONS), { type: 'negation' });
  lex.add(bars(OR_WORDS), { type: 'connector', connector: 'or' });
  lex.add(bars(AND_WORDS), { type: 'connector', connector: 'and' });
  lex.add(bars(PLACE_CUES), { type: 'cue', cues: ['place'] });
  lex.add(bars(EMPLOYER_CUES), { type: 'cue', cues: ['employer'] });
  lex.add(bars(PAST_CUES), { type: 'cue', cues: ['past'] });
  lex.add(bars(HISTORY_CUES), { type: 'cue', cues: ['history'] });
  lex.add(bars(HISTORY_FILLERS), { type: 'stop' });
  lex.add(bars(SCHOOL_CUES), { type: 'cue', cues: ['school'] });
  lex.add(bars(SKILL_CUES), { type: 'cue', cues: ['skill'] });
  lex.add(bars(LANGUAGE_CUES), { type: 'cue', cues: ['language'] });
  lex.add(bars(TICKER_CUES), { type: 'cue', cues: ['ticker'] });
  lex.add('listed on|traded on|trading on|quoted on|listed at|trades on', {
    type: 'cue',
    cues: ['exchange'],
  });
  lex.add(bars(LANGUAGE_SUFFIXES), { type: 'language-suffix' });
  lex.add(bars(AT_LEAST_BEFORE), { type: 'at-least', position: 'before' });
  lex.add(bars(AT_LEAST_AFTER), { type: 'at-least', position: 'after' });

  for (const [keys, terms] of TITLE_SYNONYMS)
    lex.add(keys, content({ category: 'title', terms: split(terms) }), { plural: true });
  for (const [keys, levels, weak] of SENIORITY_WORDS) {
    const sense = content(
      { category: 'seniority', levels: split(levels) as SeniorityLevel[] },
      weak ? ['role'] : undefined,
    );
    lex.add(keys, sense, { plural: true });
  }
  const functionIndustries = new Map(
    FUNCTION_INDUSTRIES.flatMap(([keys, industries]) => split(keys).map((k) => [k, industries] as const)),
  );
  for (const [keys, fn] of FUNCTION_WORDS) {
    for (const key of split(keys)) {
      const industries = functionIndustries.get(key);
      // "it" is a pronoun: the function only when typed "IT" or before a role ("it managers").
      lex.add(
        key,
        content(
          { category: 'function', functions: [fn], ...(industries ? { industries } : {}) },
          key === 'it' ? ['upper', 'role'] : undefined,
        ),
      );
    }
  }
  for (const [key, industries] of functionIndustries) {
    if (!FUNCTION_WORDS.some(([keys]) => split(keys).includes(key)))
      lex.add(key, content({ category: 'industry', industries }));
  }
  for (const [keys, flag] of FLAG_WORDS) lex.add(keys, content({ category: 'flag', flag }));
  for (const [keys, value] of SEX_WORDS) lex.add(keys, content({ category: 'sex', value }));
  for (const [keys, industries, needs] of INDUSTRY_NAMES_BY_WORD)
    lex.add(keys, content({ category: 'industry', industries }, needs ? [needs] : undefined), {
      plural: true,
    });
  for (const [keys, sizes, startup] of SIZE_WORDS) {
    lex.add(
      keys,
      content({ category: 'size', sizes: sizes as CompanySize[], startup: startup === 'startup' }),
      { plural: true },
    );
  }
  for (const [keys, sizes] of SIZE_WORDS_BEFORE_ORG)
    lex.add(keys, content({ category: 'size', sizes: sizes as CompanySize[], startup: true }, ['org']));
  for (const [keys, types, personIndustries] of TYPE_WORDS) {
    lex.add(keys, content({ category: 'type', types, ...(personIndustries ? { personIndustries } : {}) }), {
      plural: true,
    });
  }
  for (const [keys, code] of EXCHANGES) {
    for (const key of split(keys)) {
      lex.add(
        key,
        content(
          { category: 'exchange', codes: [code] },
          GUARDED_EXCHANGES.has(key) ? ['cue', 'upper'] : undefined,
        ),
      );
    }
  }
  for (const [keys, bounds] of GROWTH_WORDS) lex.add(keys, content({ category: 'growth', bounds }));
  for (const [keys, level] of DEGREE_WORDS) lex.add(keys, content({ category: 'degree', levels: [level] }));
  for (const [keys, values, weak] of SKILL_ALIASES) {
    for (const key of split(keys)) {
      const needs: Need[] | undefined = weak || key.length <= SHORT ? ['cue', 'role'] : undefined;
      lex.add(key, content({ category: 'skill', skills: split(values) }, needs));
    }
  }
  const demonyms = new Set(DEMONYMS.flatMap(([keys]) => split(keys)));
  for (const [keys, values] of LANGUAGE_NAMES) {
    for (const key of split(keys)) {
      lex.add(
        key,
        content(
          { category: 'language', languages: split(values) },
          demonyms.has(key) ? ['cue', 'suffix'] : undefined,
        ),
      );
    }
  }
  addPlaces(lex);
  return lex;
}

const city = (value: string, within?: Place['within']): Place =>
  within ? { level: 'city', value, within } : { level: 'city', value };
const country = (value: string): Place => ({ level: 'country', value });
const state = (value: string): Place => ({ level: 'state', value });

/**
 * Places, in the order a name shared by several is read: a region, a city, a US state, a
 * country, another country's state ("new york" is the city; "georgia" the US state).
 */
function addPlaces(lex: Lexicon): void {
  const place = (keys: string, places: readonly Place[], needs?: readonly Need[]) => {
    lex.add(keys, content({ category: 'place', places }, needs));
    // "newyork", "sanfrancisco": a name typed without its spaces.
    const joined = split(keys)
      .filter((k) => k.includes(' '))
      .map((k) => phraseKey(k).replace(/ /g, ''))
      .filter((k) => k.length >= 6);
    if (joined.length > 0) lex.add(joined.join('|'), content({ category: 'place', places }, needs));
  };
  for (const [keys, region] of REGIONS) {
    const within: Place['within'] = region.state ? { level: 'state', value: region.state } : undefined;
    place(keys, [
      ...(region.cities ?? []).map((c) => city(c, within)),
      ...(region.states ?? []).map(state),
      ...(region.countries ?? []).map(country),
    ]);
  }
  for (const name of MAJOR_CITIES) place(name, [city(name)]);
  for (const key of CITY_ALIAS_KEYS) {
    const resolved = normalizeCity(key);
    if (resolved.ok) place(key, [city(resolved.value.name)]);
  }
  for (const key of GUARDED_CITY_ALIASES) {
    const resolved = normalizeCity(key);
    if (resolved.ok) place(key, [city(resolved.value.name)], ['cue', 'upper']);
  }
  const subdivisions = allSubdivisions();
  for (const sub of subdivisions.filter((s) => s.country_code === 'US')) {
    place(sub.name, [state(sub.code)]);
    const short = sub.code.slice(3);
    if (!STATE_CODES_NOT_READ.has(short)) place(short.toLowerCase(), [state(sub.code)], ['upper']);
  }
  for (const [keys, code] of SHORT_COUNTRY_ALIASES) place(keys, [country(code)]);
  for (const [keys, code] of GUARDED_COUNTRY_ALIASES) place(keys, [country(code)], ['cue', 'upper']);
  for (const [keys, code, needsCue] of COUNTRY_PHRASES)
    place(keys, [country(code)], needsCue ? [needsCue] : undefined);
  for (const code of [...COUNTRY_CODES].sort()) {
    const c = countryByCode(code);
    if (c) place(c.name, [country(c.code)]);
  }
  for (const [keys, code] of DEMONYMS) place(keys, [country(code)]);
  // Other countries' regions share names with words and cities ("victoria", "delta", "mayo"):
  // read only after a place word.
  for (const sub of subdivisions.filter((s) => s.country_code !== 'US'))
    place(sub.name, [state(sub.code)], ['cue']);
}

/** The curated lexicon: every table under data/, built once per process. */
export const CURATED: Lexicon = build();

/** Keys of the curated city names understood without a place word. */
export const MAJOR_CITY_KEYS: ReadonlySet<string> = new Set(MAJOR_CITIES.map(phraseKey));
