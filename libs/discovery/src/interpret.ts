import { type Entity, MAX_DESCRIPTION_LENGTH, SENIORITY_LADDER } from '@app/contracts';
import { lookupCountry, normalizeCity, normalizeDomain, placeKey, stateByCode } from '@app/normalize';
import { CITY_STATE_CODE_COUNTRIES } from './data/places';
import { TITLE_WORD_SHORT_FORMS } from './data/roles';
import {
  HISTORY_SUFFIXES as HISTORY_SUFFIX_LIST,
  LISTING_SUFFIXES as LISTING_SUFFIX_LIST,
  PAST_SUFFIXES as PAST_SUFFIX_LIST,
} from './data/words';
import { DEGREE_ORDER } from './data/profile';
import { Filter, LeafFilter, list } from './filters';
import { bareCities, groupItems, Grouped, Link, oneArea } from './grouping';
import { Category, Content, ContentSense, Cue, Lexicon, MAX_PHRASE_WORDS, plural, Sense } from './lexicon';
import { readCompanyText } from './company-text';
import { readNumeric } from './numeric';
import { readFilters } from './read-filters';
import { industryFilter, resolve, Resolved, ResolveContext } from './resolve';
import { storedKey } from './stored-phrases';
import { phraseKey, Token, tokenize } from './tokenize';
import { compileVocabulary, CompiledVocabulary, EMPTY_VOCABULARY, Vocabulary } from './vocabulary';

// SPEC.md: a discovery description is 3 to 1000 characters; a longer text is read up to there.
export { MAX_DESCRIPTION_LENGTH };

export interface InterpretOptions {
  /** The served build's values; curated tables only when absent. */
  readonly vocabulary?: Vocabulary | CompiledVocabulary;
  /** The request date (`YYYY-MM-DD` or a Date) for relative phrases; the library reads no clock. */
  readonly today?: string | Date;
}

/** A phrase of the description and the filters it became (all of which hold). */
export interface Recognised {
  /** As typed. */
  readonly phrase: string;
  /** As understood: lowercase, typos corrected ("sofware engineers" → "software engineers"). */
  readonly read: string;
  readonly negated: boolean;
  readonly filters: readonly LeafFilter[];
}

/** A phrase understood but not searchable for the entity, and why. */
export interface Unsupported {
  readonly phrase: string;
  readonly reason: string;
}

export interface Interpretation {
  /** All hold (AND); empty when nothing searchable was found. */
  readonly filters: readonly Filter[];
  readonly recognised: readonly Recognised[];
  readonly unsupported: readonly Unsupported[];
  /** Words not understood, as typed, in order. Function words are never listed. */
  readonly ignored: readonly string[];
}

/**
 * Reads a plain-language description of people or companies into the typed filter list:
 * deterministic, no model, no clock (relative phrases count from `today`). Never throws, for
 * any input; time is linear in the length (one pass, phrases of at most six words, numbers
 * read by a fixed grammar).
 */
export function interpret(
  description: unknown,
  entity: Entity,
  options: InterpretOptions = {},
): Interpretation {
  const text = typeof description === 'string' ? clamp(description) : '';
  const vocabulary = options.vocabulary ? compileVocabulary(options.vocabulary) : EMPTY_VOCABULARY;
  return new Scanner(text, entity, vocabulary, yearOf(options.today)).run();
}

function clamp(text: string): string {
  if (text.length <= MAX_DESCRIPTION_LENGTH) return text;
  return Array.from(text).slice(0, MAX_DESCRIPTION_LENGTH).join('');
}

function yearOf(today: string | Date | undefined): number | null {
  if (today instanceof Date) return Number.isNaN(today.getTime()) ? null : today.getUTCFullYear();
  const m = typeof today === 'string' ? /^(\d{4})-\d{2}-\d{2}/.exec(today) : null;
  return m ? Number(m[1]) : null;
}

/** Which content a cue introduces. */
const CUE_CATEGORIES: Readonly<Record<Cue, readonly Category[]>> = {
  place: ['place'],
  employer: ['company', 'industry', 'size', 'type'],
  past: ['company', 'title'],
  history: ['company', 'title'],
  school: ['school'],
  skill: ['skill', 'language'],
  language: ['language'],
  ticker: ['ticker'],
  exchange: ['exchange'],
};
/** When a phrase could be several things, the earlier reading wins (after cue and entity). */
const CATEGORY_ORDER: readonly Category[] = [
  'flag',
  'sex',
  'title',
  'seniority',
  'function',
  'degree',
  'size',
  'type',
  'industry',
  'growth',
  'exchange',
  'ticker',
  'language',
  'place',
  'skill',
  'company',
  'school',
];
const COMPANY_CATEGORIES = new Set<Category>([
  'company',
  'industry',
  'size',
  'type',
  'exchange',
  'ticker',
  'growth',
]);
const ROLE_CATEGORIES = new Set<Category>(['title', 'seniority', 'function']);
const STRUCTURE_SCORE: Readonly<Record<Exclude<Sense['type'], 'content'>, number>> = {
  cue: 400,
  negation: 300,
  'at-least': 280,
  connector: 200,
  'org-noun': 150,
  'language-suffix': 150,
  stop: 100,
};
const HISTORY_SUFFIXES = new Set(HISTORY_SUFFIX_LIST.map(phraseKey));
const PAST_SUFFIXES = new Set(PAST_SUFFIX_LIST.map(phraseKey));
const LISTING_SUFFIXES = new Set(LISTING_SUFFIX_LIST.map(phraseKey));
const SHORT_FORMS = new Map(
  TITLE_WORD_SHORT_FORMS.flatMap(([shorts, word]) =>
    shorts.split('|').flatMap((short) => [
      [short, word],
      [plural(short), plural(word)],
    ]),
  ) as [string, string][],
);
const HISTORY_SUFFIX_WORDS = Math.max(...HISTORY_SUFFIX_LIST.map((p) => phraseKey(p).split(' ').length));
const TICKER_SHAPE = /^[a-z0-9]{1,6}(?:\.[a-z0-9]{1,3})?$/;
const DOMAIN_SHAPE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

interface Match {
  readonly len: number;
  readonly senses: readonly Sense[];
}

interface ScannedItem {
  readonly phrase: string;
  filters: readonly LeafFilter[];
  readonly negated: boolean;
  readonly link: Link;
  readonly start: number;
  readonly end: number;
  readonly recognised: number;
  /** The industry reading of a function word, taken if a company noun follows ("accounting firms"). */
  readonly industryReading?: readonly LeafFilter[];
}

class Scanner {
  private readonly tokens: Token[];
  private readonly keys: string[];
  /** Each token's title word when it is a short form of one ("mgr" → "manager"). */
  private readonly spelledOut: (string | undefined)[];
  private readonly lex: Lexicon;
  private readonly matchCache = new Map<number, Match[]>();
  private readonly items: ScannedItem[] = [];
  private readonly recognised: Recognised[] = [];
  private readonly unsupported: Unsupported[] = [];
  private readonly ignored: string[] = [];
  private cues = new Set<Cue>();
  private link: Link = 'none';
  private negation: string[] = [];
  /** The kind of the last item when it was negated: a list of that kind stays negated. */
  private negatedKind: string | null = null;
  private atLeast = false;
  private lastCategory: Category | null = null;

  constructor(
    private readonly text: string,
    private readonly entity: Entity,
    private readonly vocabulary: CompiledVocabulary,
    private readonly year: number | null,
  ) {
    this.tokens = tokenize(text);
    this.lex = vocabulary.lexicon;
    const corrected = new Map<string, string>();
    this.keys = this.tokens.map((t) => {
      if (t.kind !== 'word' || this.lex.knows(t.norm)) return t.norm;
      let key = corrected.get(t.norm);
      if (key === undefined) corrected.set(t.norm, (key = this.lex.correct(t.norm) ?? t.norm));
      return key;
    });
    this.spelledOut = this.tokens.map((t) => (t.kind === 'word' ? SHORT_FORMS.get(t.norm) : undefined));
  }

  run(): Interpretation {
    let i = 0;
    while (i < this.tokens.length) i = this.step(i);
    if (this.negation.length > 0) this.ignored.push(...this.negation);
    const filters = this.checked(groupItems(this.items));
    return { filters, recognised: this.recognised, unsupported: this.unsupported, ignored: this.ignored };
  }

  /** Reads from token `i`; returns where the next read starts (always further on). */
  private step(i: number): number {
    const t = this.tokens[i];
    if (t.norm === ',') {
      this.setLink(',');
      return i + 1;
    }
    const numeric = readNumeric(this.tokens, i, { entity: this.entity, year: this.year });
    if (numeric) {
      this.emit(i, numeric.end, 'filters' in numeric ? { filters: numeric.filters } : numeric, null);
      return numeric.end;
    }
    const named = readCompanyText(this.tokens, i);
    if (named) {
      this.emit(i, named.end, { filters: named.filters }, null);
      return named.end;
    }
    const code = this.stateCodeAfterCity(i);
    if (code) return code;
    const lexical = this.lexical(i);
    return lexical > i ? lexical : this.fallback(i);
  }

  /**
   * "portland, OR", "paris, tx", "london, ON": a state code right after a city (or after it and
   * a comma) is the city's state. A code that is also a word ("or", "in", "me") is read only
   * after the comma at the end or before another comma, or typed in capitals there.
   */
  private stateCodeAfterCity(i: number): number | null {
    const t = this.tokens[i];
    const last = this.items[this.items.length - 1];
    if (t.kind !== 'word' || !/^[a-z]{2,3}$/.test(t.norm) || !last || !bareCities(last.filters)) return null;
    const comma = last.end === i - 1 && this.tokens[i - 1].norm === ',';
    if (last.end !== i && !comma) return null;
    const word = this.lex.get(t.norm)?.some((s) => s.type !== 'content' || s.content.category !== 'place');
    const next = this.tokens[i + 1]?.norm;
    const ends = next === undefined || next === ',';
    if (word && !(ends && (comma || t.upper)) && !(comma && t.upper)) return null;
    for (const country of CITY_STATE_CODE_COUNTRIES) {
      const sub = stateByCode(`${country}-${t.norm}`);
      if (!sub) continue;
      this.emitContent(i, i + 1, { category: 'place', places: [{ level: 'state', value: sub.code }] });
      return i + 1;
    }
    return null;
  }

  private lexical(i: number): number {
    const matches = this.matchesAt(i);
    const chosen = this.choose(i, matches);
    if (!chosen) return i;
    const { len, sense } = chosen;
    if (this.cues.has('school') && sense.type === 'content' && sense.content.category !== 'school')
      return this.schoolRun(i);
    switch (sense.type) {
      case 'stop':
      case 'language-suffix':
        return i + len;
      case 'cue':
      case 'negation': {
        // "outside" is both: not, and a place follows.
        const senses = matches.find((m) => m.len === len)!.senses;
        const cues = senses.flatMap((s) => (s.type === 'cue' ? s.cues : []));
        if (cues.length > 0) this.cues = new Set(cues);
        if (senses.some((s) => s.type === 'negation')) this.negation.push(this.phrase(i, i + len));
        return i + len;
      }
      case 'connector':
        this.setLink(sense.connector);
        return i + len;
      case 'org-noun':
        this.industryReading(i);
        return i + len;
      case 'at-least':
        if (sense.position === 'before') this.atLeast = true;
        else this.raiseLast(i);
        return i + len;
      case 'content': {
        const end = this.historySuffix(i + len, sense.content.category);
        this.content(i, end, sense);
        const listing = sense.content.category === 'exchange' && LISTING_SUFFIXES.has(this.keys[end]);
        return listing ? end + 1 : end;
      }
    }
  }

  /**
   * "google alumni", "with google in their work history", "with cto experience": words after a
   * company or title that say where in the work history it is. Sets the cue and returns where
   * the phrase ends, past those words.
   */
  private historySuffix(j: number, category: Category): number {
    if (category !== 'company' && category !== 'title') return j;
    for (let len = Math.min(HISTORY_SUFFIX_WORDS, this.tokens.length - j); len >= 1; len--) {
      const words = this.keys.slice(j, j + len).join(' ');
      const cue: Cue | undefined = HISTORY_SUFFIXES.has(words)
        ? 'history'
        : category === 'company' && PAST_SUFFIXES.has(words)
          ? 'past'
          : undefined;
      if (cue) {
        this.cues = new Set([cue]);
        this.listBefore(cue);
        return j + len;
      }
    }
    return j;
  }

  /** "google or meta alumni": the companies or titles listed before take the suffix's cue too. */
  private listBefore(cue: 'past' | 'history'): void {
    for (let k = this.items.length - 1, link = this.link; k >= 0 && link !== 'none'; k--) {
      const item = this.items[k];
      const [f] = item.filters;
      let moved: LeafFilter;
      if (item.filters.length !== 1) return;
      if (f.kind === 'employer' && f.anyOf.every((o) => o.by === 'name'))
        moved = list(
          cue === 'past' ? 'past_employer' : 'employer_history',
          f.anyOf.map((o) => o.value),
        );
      else if (f.kind === 'title' && cue === 'history') moved = list('title_history', f.anyOf);
      else return;
      item.filters = [moved];
      this.recognised[item.recognised] = { ...this.recognised[item.recognised], filters: item.filters };
      link = item.link;
    }
  }

  private content(start: number, end: number, sense: ContentSense): void {
    const c = sense.content;
    const ctx = this.resolveContext(start, end);
    const resolved = resolve(c, ctx);
    const reading =
      c.category === 'function' && c.industries && this.entity === 'person'
        ? industryFilter(c.industries, ctx)
        : undefined;
    const industryReading = reading && 'filters' in reading ? reading.filters : undefined;
    const employerIndustry = reading && this.cues.has('employer');
    this.emit(
      start,
      end,
      employerIndustry ? reading : resolved,
      c.category,
      employerIndustry ? undefined : industryReading,
    );
  }

  private resolveContext(start: number, end: number): ResolveContext {
    return {
      entity: this.entity,
      cues: this.cues,
      year: this.year,
      vocabulary: this.vocabulary,
      read: this.keys.slice(start, end).join(' '),
    };
  }

  /** Words the lexicon does not know: tickers, domains, country and city spellings, schools. */
  private fallback(i: number): number {
    const t = this.tokens[i];
    const ticker = t.cashtag || this.cues.has('ticker') || (t.upper && this.vocabulary.tickers.has(t.raw));
    if (ticker && t.kind === 'word' && TICKER_SHAPE.test(t.norm)) {
      this.emitContent(i, i + 1, { category: 'ticker', symbols: [t.norm.toUpperCase()] });
      return i + 1;
    }
    if (t.kind === 'word' && DOMAIN_SHAPE.test(t.norm)) {
      const domain = normalizeDomain(t.norm);
      if (domain.ok) {
        this.emitContent(i, i + 1, { category: 'company', orgs: [{ by: 'domain', value: domain.value }] });
        return i + 1;
      }
    }
    const place = this.placeSpelling(i);
    if (place) return place;
    if (this.cues.has('school') && t.kind === 'word') return this.schoolRun(i);
    if (t.norm !== '') this.ignored.push(t.raw);
    if (this.negation.length > 0) {
      // A negation followed by a word we do not know negates nothing we can tell.
      this.ignored.push(...this.negation);
      this.negation = [];
    }
    return i + 1;
  }

  /** Country aliases ("deutschland", "ivory coast") and, after a place word, city aliases ("bombay"). */
  private placeSpelling(i: number): number | null {
    for (let len = Math.min(3, this.tokens.length - i); len >= 1; len--) {
      const span = this.tokens.slice(i, i + len);
      if (span.some((t) => t.kind !== 'word')) continue;
      const raw = this.phrase(i, i + len);
      if (raw.replace(/[^\p{L}]/gu, '').length < 4) continue;
      const country = lookupCountry(raw);
      if (country) {
        this.emitContent(i, i + len, {
          category: 'place',
          places: [{ level: 'country', value: country.code }],
        });
        return i + len;
      }
      if (this.cues.has('place')) {
        const city = normalizeCity(raw);
        // Only an alias: any word after "in" is a well-formed city name, but not a known one.
        if (city.ok && city.value.key !== placeKey(raw)) {
          this.emitContent(i, i + len, {
            category: 'place',
            places: [{ level: 'city', value: city.value.name }],
          });
          return i + len;
        }
      }
    }
    return null;
  }

  /** After "studied at", the words up to the next connector or cue are the school's name. */
  private schoolRun(i: number): number {
    let j = i;
    while (j < this.tokens.length && this.tokens[j].kind === 'word') {
      const senses = this.matchesAt(j).flatMap((m) => m.senses);
      if (
        j > i &&
        senses.some(
          (s) =>
            s.type === 'connector' ||
            s.type === 'negation' ||
            (s.type === 'cue' && !s.cues.includes('school')),
        )
      )
        break;
      j++;
    }
    const end = Math.max(j, i + 1);
    this.emit(i, end, { unsupported: 'no search column holds schools' }, 'school');
    return end;
  }

  private emitContent(start: number, end: number, c: Content): void {
    this.emit(start, end, resolve(c, this.resolveContext(start, end)), c.category);
  }

  private emit(
    start: number,
    end: number,
    resolved: Resolved,
    category: Category | null,
    industryReading?: readonly LeafFilter[],
  ): void {
    const phrase = this.phrase(start, end);
    // A cue carries on only through a list of what it introduced ("in berlin or munich").
    if (!category || !this.cueMatches(category) || !this.listFollows(end)) this.cues = new Set();
    if ('unsupported' in resolved) {
      this.unsupported.push({ phrase, reason: resolved.unsupported });
    } else {
      let filters = resolved.filters;
      if (this.atLeast) filters = raise(filters);
      if (this.bindsToLast(start, filters)) return this.bind(end, filters);
      const kind = filters.length === 1 ? filters[0].kind : 'several';
      // "not in portland, oregon": the city's state or country stays with its negation.
      const pins = this.pinsLastCity(start, filters);
      const continues = (this.negatedKind === kind && this.link !== 'none') || pins;
      const negated = this.negation.length > 0 || continues;
      this.items.push({
        phrase,
        filters,
        negated,
        link: this.link,
        start,
        end,
        recognised: this.recognised.length,
        industryReading,
      });
      this.recognised.push({ phrase, read: this.keys.slice(start, end).join(' '), negated, filters });
      this.negatedKind = negated ? kind : null;
    }
    this.negation = [];
    this.atLeast = false;
    this.link = 'none';
    this.lastCategory = category;
  }

  /**
   * "head of engineering", "vp of sales", "vp finance": a seniority, then (after "of" or right
   * away) a function or an industry, are one role, so "cfo or vp finance" and "head of sales or
   * vp of marketing" list roles, not their parts.
   */
  private bindsToLast(start: number, filters: readonly LeafFilter[]): boolean {
    const last = this.items[this.items.length - 1];
    if (!last || this.link !== 'none' || this.negation.length > 0 || filters.length !== 1) return false;
    if (
      !['function', 'industry'].includes(filters[0].kind) ||
      !last.filters.every((f) => f.kind === 'seniority')
    )
      return false;
    const between = this.keys.slice(last.end, start);
    const endsInOf = this.keys[last.end - 1] === 'of';
    return (
      (between.length === 1 && between[0] === 'of') ||
      (between.length === 0 && (endsInOf || filters[0].kind === 'function'))
    );
  }

  private bind(end: number, filters: readonly LeafFilter[]): void {
    const last = this.items[this.items.length - 1];
    const bound = [...last.filters, ...filters];
    const phrase = this.phrase(last.start, end);
    this.items[this.items.length - 1] = { ...last, phrase, filters: bound, end };
    this.recognised[last.recognised] = {
      ...this.recognised[last.recognised],
      phrase,
      read: this.keys.slice(last.start, end).join(' '),
      filters: bound,
    };
    this.negatedKind = last.negated ? 'several' : null;
    this.negation = [];
    this.atLeast = false;
    this.link = 'none';
    this.lastCategory = 'function';
  }

  /** The place right after a city (or after it and a comma) is its state or country. */
  private pinsLastCity(start: number, filters: readonly LeafFilter[]): boolean {
    const last = this.items[this.items.length - 1];
    if (!last?.negated || !oneArea(filters) || !bareCities(last.filters)) return false;
    return last.end === start || (last.end === start - 1 && this.tokens[start - 1].norm === ',');
  }

  private setLink(link: Link): void {
    // ", or" and ", and" say more than the comma.
    if (this.link === 'none' || this.link === ',') this.link = link;
  }

  /** A company noun right after a sector word makes it the industry: "accounting firms". */
  private industryReading(i: number): void {
    const last = this.items[this.items.length - 1];
    if (!last?.industryReading || last.end !== i) return;
    last.filters = last.industryReading;
    const r = this.recognised[last.recognised];
    this.recognised[last.recognised] = { ...r, filters: last.industryReading };
  }

  /** "or above" right after a degree or seniority. */
  private raiseLast(i: number): void {
    const last = this.items[this.items.length - 1];
    if (!last || last.end !== i) return;
    last.filters = raise(last.filters);
    const r = this.recognised[last.recognised];
    this.recognised[last.recognised] = { ...r, filters: last.filters };
  }

  private phrase(start: number, end: number): string {
    return this.text.slice(this.tokens[start].start, this.tokens[end - 1].end);
  }

  // ---- choosing among the readings of a phrase

  private matchesAt(i: number): Match[] {
    const known = this.matchCache.get(i);
    if (known) return known;
    const matches: Match[] = [];
    for (let len = Math.min(MAX_PHRASE_WORDS, this.tokens.length - i); len >= 1; len--) {
      const senses = this.lex.get(this.keys.slice(i, i + len).join(' ')) ?? this.spelledOutTitle(i, len);
      if (senses) matches.push({ len, senses });
    }
    this.matchCache.set(i, matches);
    return matches;
  }

  private choose(i: number, matches: readonly Match[]): { len: number; sense: Sense } | null {
    const options = matches.map((m) => ({
      len: m.len,
      senses: m.senses.filter((s) => this.available(s, i, m.len)),
    }));
    const cued = options.find((o) =>
      o.senses.some((s) => s.type === 'content' && this.cueMatches(s.content.category)),
    );
    const pick = cued ?? options.find((o) => o.senses.length > 0);
    if (!pick) return null;
    let best = pick.senses[0];
    let bestScore = -Infinity;
    for (const s of pick.senses) {
      const score = this.score(s, i, pick.len);
      if (score > bestScore) {
        best = s;
        bestScore = score;
      }
    }
    return { len: pick.len, sense: best };
  }

  /** "project mgr": the title senses of the phrase at `i` with its short forms spelled out. */
  private spelledOutTitle(i: number, len: number): Sense[] | undefined {
    if (len < 2) return undefined;
    const words = this.keys.slice(i, i + len);
    let changed = false;
    for (let j = 0; j < len; j++) {
      const word = this.spelledOut[i + j];
      if (word !== undefined) [words[j], changed] = [word, true];
    }
    if (!changed) return undefined;
    const titles = this.lex
      .get(words.join(' '))
      ?.filter((s) => s.type === 'content' && s.content.category === 'title');
    return titles && titles.length > 0 ? titles : undefined;
  }

  private available(s: Sense, i: number, len: number): boolean {
    if (s.type !== 'content' || !s.needs) return true;
    const category = s.content.category;
    return s.needs.some((need) => {
      switch (need) {
        case 'cue':
          return this.cueMatches(category);
        case 'upper':
          return this.tokens.slice(i, i + len).every((t) => t.upper);
        case 'role':
          return this.roleAt(i + len) || this.listAround(category, i + len);
        case 'suffix':
          return this.languageSuffixAfterList(i + len);
        case 'org':
          return this.orgNounAfterList(i + len);
      }
    });
  }

  private score(s: Sense, i: number, len: number): number {
    if (s.type !== 'content') return STRUCTURE_SCORE[s.type];
    const c = s.content;
    const applies =
      this.entity === 'person'
        ? !['exchange', 'ticker', 'growth'].includes(c.category)
        : COMPANY_CATEGORIES.has(c.category) || (c.category === 'function' && c.industries !== undefined);
    const companyWord =
      ['industry', 'type', 'size'].includes(c.category) && this.has(i + len, (x) => x.type === 'org-noun');
    const languageWord = c.category === 'language' && this.languageSuffixAfterList(i + len);
    // "dentists", "physicians": a stored industry named after an occupation, said of people, is the occupation.
    const occupation =
      this.entity === 'person' &&
      c.category === 'industry' &&
      s.origin === 'vocabulary' &&
      this.roleAlso(i, len);
    return (
      (this.cueMatches(c.category) ? 1000 : 0) +
      (applies ? 500 : 0) +
      (languageWord ? 300 : 0) +
      (companyWord ? 100 : 0) +
      // A stored industry name means that industry alone; a curated common name means a set.
      (s.origin === 'curated' || this.storedTitlePlural(c, i, len)
        ? 50
        : c.category === 'industry' && !occupation
          ? 60
          : 0) +
      (CATEGORY_ORDER.length - CATEGORY_ORDER.indexOf(c.category))
    );
  }

  /**
   * "caregivers", "couriers": a title the served build stores, typed in full as its plural and
   * said of people, weighs as a curated reading, so it wins over a curated function or industry
   * of the same words (the title ranks first) but not over a curated title (its synonyms come
   * first); a cue or a company noun still decides ("courier companies"). A bare "sales" is no
   * plural: a build storing the title "sales" still reads it as the function. Nor over a
   * seniority ("vice presidents"): the holders' levels decide those (vocabulary.ts).
   */
  private storedTitlePlural(c: Content, i: number, len: number): boolean {
    if (this.entity !== 'person' || c.category !== 'title' || c.terms.length !== 1) return false;
    const stored = storedKey(c.terms[0]).split(' ');
    stored.push(plural(stored.pop()!));
    return (
      stored.join(' ') === this.keys.slice(i, i + len).join(' ') &&
      !this.matchesAt(i).some(
        (m) =>
          m.len === len && m.senses.some((x) => x.type === 'content' && x.content.category === 'seniority'),
      )
    );
  }

  /** The phrase of `len` words at `i` can also be read as a role. */
  private roleAlso(i: number, len: number): boolean {
    return this.matchesAt(i).some(
      (m) =>
        m.len === len &&
        m.senses.some(
          (x) => x.type === 'content' && ROLE_CATEGORIES.has(x.content.category) && this.available(x, i, len),
        ),
    );
  }

  private cueMatches(category: Category): boolean {
    for (const cue of this.cues) if (CUE_CATEGORIES[cue].includes(category)) return true;
    return false;
  }

  /** Some phrase starting at `j` has a sense satisfying `test`. */
  private has(j: number, test: (s: Sense) => boolean): boolean {
    return j < this.tokens.length && this.matchesAt(j).some((m) => m.senses.some(test));
  }

  /** A company noun at `j`, or after a list of industries starting there ("or fintech firms"). */
  private orgNounAfterList(j: number): boolean {
    return this.endsList(j, 'industry', (s) => s.type === 'org-noun');
  }

  /** A language suffix at `j`, or after a list of languages ("spanish or portuguese speakers"). */
  private languageSuffixAfterList(j: number): boolean {
    return this.endsList(j, 'language', (s) => s.type === 'language-suffix');
  }

  /** `end` at `j`, or after a list of `category` items starting there, read from `j` on. */
  private endsList(j: number, category: Category, end: (s: Sense) => boolean): boolean {
    for (let steps = 0; steps < 8 && j < this.tokens.length; steps++) {
      const matches = this.matchesAt(j);
      if (matches.some((m) => m.senses.some(end))) return true;
      const next =
        this.tokens[j].norm === ','
          ? { len: 1 }
          : matches.find((m) =>
              m.senses.some(
                (s) => s.type === 'connector' || (s.type === 'content' && s.content.category === category),
              ),
            );
      if (!next) return false;
      j += next.len;
    }
    return false;
  }

  private listFollows(j: number): boolean {
    return (
      this.tokens[j]?.norm === ',' ||
      this.tokens[j]?.norm === '/' ||
      this.has(j, (s) => s.type === 'connector')
    );
  }

  private roleAt(j: number): boolean {
    return this.has(j, (s) => s.type === 'content' && ROLE_CATEGORIES.has(s.content.category));
  }

  /** "rust or go", "go, rust": a same-kind item joined to this one. */
  private listAround(category: Category, j: number): boolean {
    if (this.lastCategory === category && this.link !== 'none') return true;
    const joiner = this.tokens[j]?.norm === ',' || this.has(j, (s) => s.type === 'connector');
    return joiner && this.has(j + 1, (s) => s.type === 'content' && s.content.category === category);
  }

  /**
   * The final list within the limits `readFilters` sets: a filter that would break one (too
   * many conditions, values or alternatives for one query) is left out and its phrases
   * reported, never sent; so is one that fails the check otherwise (never expected).
   */
  private checked(grouped: readonly Grouped[]): Filter[] {
    const out: Filter[] = [];
    for (const { filter, phrases } of grouped) {
      const read = readFilters([...out, filter], this.entity);
      if (read.ok) out.push(filter);
      else {
        const reason = read.problems.some((p) => /at most|too complex/.test(p))
          ? 'too many conditions for one query'
          : `not a valid filter: ${read.problems.join('; ')}`;
        for (const phrase of phrases) this.unsupported.push({ phrase, reason });
      }
    }
    return out;
  }
}

/** A degree or seniority and every level above it. */
function raise(filters: readonly LeafFilter[]): readonly LeafFilter[] {
  return filters.map((f) => {
    if (f.kind === 'degree') {
      const from = Math.min(...f.anyOf.map((l) => DEGREE_ORDER.indexOf(l)));
      return list('degree', DEGREE_ORDER.slice(from));
    }
    if (f.kind === 'seniority') {
      const ladder: readonly string[] = SENIORITY_LADDER;
      const from = Math.min(...f.anyOf.map((l) => (ladder.includes(l) ? ladder.indexOf(l) : ladder.length)));
      return from < ladder.length ? list('seniority', SENIORITY_LADDER.slice(from)) : f;
    }
    return f;
  });
}
