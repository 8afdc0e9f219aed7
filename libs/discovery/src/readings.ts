/**
 * Choosing among the readings of a phrase: the lexicon's senses of every phrase starting at a
 * token, which of them the words around allow, and a score for each (cue, entity, category
 * order and the words after it). Reads the text only; what the scan has read before a phrase
 * comes in as a ReadingContext.
 */
import type { Entity } from '@app/contracts';
import type { Link } from './grouping';
import { Category, Content, Cue, Lexicon, MAX_PHRASE_WORDS, plural, Sense } from './lexicon';
import type { ScanText } from './scan-text';
import { spelledOutTitle, spelledOutWords } from './special-spellings';
import { storedKey } from './stored-phrases';
import type { Token } from './tokenize';

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

/** The senses of the phrase of `len` words at a token. */
export interface Match {
  readonly len: number;
  readonly senses: readonly Sense[];
}

/** What the scan has read just before a phrase: the cues in force, the pending link, the last category. */
export interface ReadingContext {
  readonly cues: ReadonlySet<Cue>;
  readonly link: Link;
  readonly lastCategory: Category | null;
}

/** Whether one of `cues` introduces content of `category`. */
export function cueMatches(cues: ReadonlySet<Cue>, category: Category): boolean {
  for (const cue of cues) if (CUE_CATEGORIES[cue].includes(category)) return true;
  return false;
}

/** The readings of one description's phrases, each position looked up once. */
export class Readings {
  private readonly tokens: readonly Token[];
  private readonly keys: readonly string[];
  /** Each token's title word when it is a short form of one ("mgr" → "manager"). */
  private readonly spelledOut: readonly (string | undefined)[];
  private readonly matchCache = new Map<number, Match[]>();

  constructor(
    text: ScanText,
    private readonly lex: Lexicon,
    private readonly entity: Entity,
  ) {
    this.tokens = text.tokens;
    this.keys = text.keys;
    this.spelledOut = spelledOutWords(text.tokens);
  }

  matchesAt(i: number): Match[] {
    const known = this.matchCache.get(i);
    if (known) return known;
    const matches: Match[] = [];
    for (let len = Math.min(MAX_PHRASE_WORDS, this.tokens.length - i); len >= 1; len--) {
      const senses =
        this.lex.get(this.keys.slice(i, i + len).join(' ')) ??
        spelledOutTitle(this.lex, this.keys, this.spelledOut, i, len);
      if (senses) matches.push({ len, senses });
    }
    this.matchCache.set(i, matches);
    return matches;
  }

  choose(i: number, matches: readonly Match[], ctx: ReadingContext): { len: number; sense: Sense } | null {
    const options = matches.map((m) => ({
      len: m.len,
      senses: m.senses.filter((s) => this.available(s, i, m.len, ctx)),
    }));
    const cued = options.find((o) =>
      o.senses.some((s) => s.type === 'content' && cueMatches(ctx.cues, s.content.category)),
    );
    const pick = cued ?? options.find((o) => o.senses.length > 0);
    if (!pick) return null;
    let best = pick.senses[0];
    let bestScore = -Infinity;
    for (const s of pick.senses) {
      const score = this.score(s, i, pick.len, ctx);
      if (score > bestScore) {
        best = s;
        bestScore = score;
      }
    }
    return { len: pick.len, sense: best };
  }

  private available(s: Sense, i: number, len: number, ctx: ReadingContext): boolean {
    if (s.type !== 'content' || !s.needs) return true;
    const category = s.content.category;
    return s.needs.some((need) => {
      switch (need) {
        case 'cue':
          return cueMatches(ctx.cues, category);
        case 'upper':
          return this.tokens.slice(i, i + len).every((t) => t.upper);
        case 'role':
          return this.roleAt(i + len) || this.listAround(category, i + len, ctx);
        case 'suffix':
          return this.languageSuffixAfterList(i + len);
        case 'org':
          return this.orgNounAfterList(i + len);
      }
    });
  }

  private score(s: Sense, i: number, len: number, ctx: ReadingContext): number {
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
      this.roleAlso(i, len, ctx);
    return (
      (cueMatches(ctx.cues, c.category) ? 1000 : 0) +
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
  private roleAlso(i: number, len: number, ctx: ReadingContext): boolean {
    return this.matchesAt(i).some(
      (m) =>
        m.len === len &&
        m.senses.some(
          (x) =>
            x.type === 'content' && ROLE_CATEGORIES.has(x.content.category) && this.available(x, i, len, ctx),
        ),
    );
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

  /** A list goes on at `j`: a comma, a slash or a connector. */
  listFollows(j: number): boolean {
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
  private listAround(category: Category, j: number, ctx: ReadingContext): boolean {
    if (ctx.lastCategory === category && ctx.link !== 'none') return true;
    const joiner = this.tokens[j]?.norm === ',' || this.has(j, (s) => s.type === 'connector');
    return joiner && this.has(j + 1, (s) => s.type === 'content' && s.content.category === category);
  }
}
