import type { CompanySize, CompanyType, DegreeLevel, JobFunction, SeniorityLevel, Sex } from '@app/contracts';
import type { Bounds, Flag, Organization, Place } from './filters';
import { phraseKey } from './tokenize';
import { TypoIndex } from './typo';

/** What a word before a phrase says it is. */
export type Cue =
  | 'place'
  | 'employer'
  | 'past'
  /** anywhere in the work history, now included */
  | 'history'
  | 'school'
  | 'skill'
  | 'language'
  | 'ticker'
  | 'exchange';

/** When a content sense may be taken: always, or only with one of these present. */
export type Need =
  /** a cue of the sense's category before it ("in", "at", "knows") */
  | 'cue'
  /** a role right after it ("go engineers", "staff engineers") or a same-kind list around it */
  | 'role'
  /** typed in capitals ("IT", "US") */
  | 'upper'
  /** a language word after it ("spanish speakers") */
  | 'suffix'
  /** a company noun after it, or after the list it is in ("ai companies", "ai or fintech firms") */
  | 'org';

export type Content =
  | { readonly category: 'title'; readonly terms: readonly string[] }
  | { readonly category: 'seniority'; readonly levels: readonly SeniorityLevel[] }
  | {
      readonly category: 'function';
      readonly functions: readonly JobFunction[];
      readonly industries?: readonly string[];
    }
  | { readonly category: 'flag'; readonly flag: Flag }
  | { readonly category: 'sex'; readonly value: Sex }
  | { readonly category: 'place'; readonly places: readonly Place[] }
  | { readonly category: 'company'; readonly orgs: readonly Organization[] }
  | { readonly category: 'industry'; readonly industries: readonly string[] }
  | { readonly category: 'size'; readonly sizes: readonly CompanySize[]; readonly startup: boolean }
  | {
      readonly category: 'type';
      readonly types: readonly CompanyType[];
      readonly personIndustries?: readonly string[];
    }
  | { readonly category: 'skill'; readonly skills: readonly string[] }
  | { readonly category: 'language'; readonly languages: readonly string[] }
  | { readonly category: 'degree'; readonly levels: readonly DegreeLevel[] }
  | { readonly category: 'school'; readonly name: string }
  | { readonly category: 'exchange'; readonly codes: readonly string[] }
  | { readonly category: 'ticker'; readonly symbols: readonly string[] }
  | { readonly category: 'growth'; readonly bounds: Bounds };

export type Category = Content['category'];

export type Sense =
  | { readonly type: 'stop' }
  | { readonly type: 'cue'; readonly cues: readonly Cue[] }
  | { readonly type: 'negation' }
  | { readonly type: 'connector'; readonly connector: 'or' | 'and' }
  /** "firms", "industry": a sector word before it is an industry */
  | { readonly type: 'org-noun' }
  /** "speakers", "speaking": a language name before it is the language */
  | { readonly type: 'language-suffix' }
  /** "at least" before, "or above" after a degree or seniority */
  | { readonly type: 'at-least'; readonly position: 'before' | 'after' }
  | {
      readonly type: 'content';
      readonly content: Content;
      readonly origin: 'curated' | 'vocabulary';
      readonly needs?: readonly Need[];
    };

export type ContentSense = Extract<Sense, { type: 'content' }>;

/**
 * Longest phrase, in words (punctuation tokens count), that the lexicon keys; longer stored
 * names are not indexed. Eight, not six: a 1M build stores employer names of seven words or more
 * ("provence-alpes-côte d'azur emergency management agency"), and each word more is one more
 * lookup per position of a description.
 */
export const MAX_PHRASE_WORDS = 8;

/** Irregular plurals; the rest take -s, -es or -ies. */
const IRREGULAR: Readonly<Record<string, string>> = {
  man: 'men',
  woman: 'women',
  person: 'people',
  salesperson: 'salespeople',
  staff: 'staff',
  people: 'people',
  chief: 'chiefs',
};

export function plural(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The phrase keys whose last word's plural is the last word of `key` ("data engineers" → "data engineer"). */
export function singulars(key: string): string[] {
  // "directors of research": the noun before "of" carries the plural.
  const of = key.indexOf(' of ');
  const before = of > 0 ? singulars(key.slice(0, of)).map((one) => one + key.slice(of)) : [];
  return [...before, ...lastWordSingulars(key)];
}

function lastWordSingulars(key: string): string[] {
  const space = key.lastIndexOf(' ');
  const head = key.slice(0, space + 1);
  const last = key.slice(space + 1);
  if (!last.endsWith('s') && !SINGULAR[last]) return [];
  const candidates = [SINGULAR[last], last.slice(0, -1), last.slice(0, -2), `${last.slice(0, -3)}y`];
  const out: string[] = [];
  for (const c of candidates)
    if (c && c !== last && plural(c) === last && !out.includes(head + c)) out.push(head + c);
  return out;
}

const SINGULAR: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(IRREGULAR).map(([one, many]) => [many, one]),
);

/** Senses looked up in a second structure (the served build's stored values), after a lexicon's own. */
export interface PhraseLayer {
  get(key: string): readonly Sense[] | undefined;
  knows(word: string): boolean;
  correct(word: string): string | undefined;
}

/**
 * Phrases → senses. A compiled vocabulary is a lexicon layered over the curated one: a lookup
 * returns the curated senses first, then the vocabulary's, so a curated meaning is preferred
 * when both apply.
 */
export class Lexicon {
  private readonly entries = new Map<string, Sense[]>();
  readonly typos = new TypoIndex();
  private readonly words = new Set<string>();
  private readonly typoWords = new Set<string>();

  constructor(
    private readonly base?: Lexicon,
    private readonly layer?: PhraseLayer,
  ) {}

  /**
   * Adds the sense under each `|`-separated phrase. `plural` adds the plural of the last word
   * too; `typos: false` keeps the words out of typo correction (company and school names,
   * where a near miss is more likely another name than a typo).
   */
  add(phrases: string, sense: Sense, options: { plural?: boolean; typos?: boolean } = {}): void {
    const typos = options.typos ?? (sense.type === 'content' || sense.type === 'cue');
    for (const phrase of phrases.split('|')) {
      const key = phraseKey(phrase);
      if (key === '') continue;
      const words = key.split(' ');
      if (words.length > MAX_PHRASE_WORDS) continue;
      this.put(key, sense, typos);
      // Stored names with commas ("health, wellness and fitness") are also typed without them.
      if (words.includes(',')) this.put(words.filter((w) => w !== ',').join(' '), sense, typos);
      if (options.plural)
        this.put([...words.slice(0, -1), plural(words[words.length - 1])].join(' '), sense, typos);
    }
  }

  private put(key: string, sense: Sense, typos: boolean): void {
    const senses = this.entries.get(key);
    if (!senses) this.entries.set(key, [sense]);
    else if (!senses.some((s) => sameSense(s, sense))) senses.push(sense);
    for (const w of key.split(' ')) {
      this.words.add(w);
      if (typos && !this.typoWords.has(w)) {
        this.typoWords.add(w);
        this.typos.add(w);
      }
    }
  }

  get(key: string): readonly Sense[] | undefined {
    const base = this.base?.get(key);
    const own = this.entries.get(key);
    const stored = this.layer?.get(key);
    if (!own && !stored) return base;
    return [...(base ?? []), ...(own ?? []), ...(stored ?? [])];
  }

  /** A word some phrase uses: never "corrected". */
  knows(word: string): boolean {
    return this.words.has(word) || (this.layer?.knows(word) ?? false) || (this.base?.knows(word) ?? false);
  }

  /** The nearest known word one edit away, curated words first; undefined when none or unsure. */
  correct(word: string): string | undefined {
    return this.base?.correct(word) ?? this.typos.candidates(word)[0] ?? this.layer?.correct(word);
  }
}

function sameSense(a: Sense, b: Sense): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
