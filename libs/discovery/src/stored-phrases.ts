import { MAX_PHRASE_WORDS, plural, singulars, type ContentSense } from './lexicon';
import { phraseKey } from './tokenize';
import { TypoIndex } from './typo';

/**
 * How one list of stored values (titles, cities, employers…) is read. A build of 1M people
 * stores hundreds of thousands of distinct values, so a list keeps only each value under its
 * phrase key; the sense a value has is made when a description looks it up.
 */
export interface PhraseList {
  /** The sense of a stored value; computed on lookup, so it must be cheap and pure. */
  readonly sense: (value: string) => ContentSense;
  /** Values this list does not recognise (checked once, when the value is added). */
  readonly keep?: (value: string, words: readonly string[]) => boolean;
  /** A shorter value a stored one also stands for, added to the list too (its words without a seniority). */
  readonly implies?: (value: string) => string | undefined;
  /** More keys a value is typed as ("harper and cole" for "harper & cole llp"). */
  readonly alias?: (value: string) => string | undefined;
  /** The plural of the last word is recognised too ("solutions architects"). */
  readonly plural?: boolean;
  /** Its words are typo targets (not for names, where a near miss is more likely another name). */
  readonly typos?: boolean;
}

/** Lowercase words and single spaces: already a phrase key (checked over real builds' values). */
const PLAIN = /^[a-z]+(?: [a-z]+)*$/;

/** A stored value's phrase key; most values need no tokenizing, which matters at 1M people. */
export function storedKey(value: string): string {
  return PLAIN.test(value) ? value : phraseKey(value.replace(/\|/g, ' '));
}

/** One value, or several stored values sharing a phrase key (rare): no array for the common case. */
type Held = string | string[];

interface List {
  readonly spec: PhraseList;
  readonly byKey: Map<string, Held>;
}

/**
 * The served build's values, per list, as phrase key → stored value(s). A lookup returns the
 * senses of every list holding the key, in the order the lists were declared and, within a
 * list, the values in the order they were added — the order a Lexicon holding them would give.
 */
export class StoredPhrases {
  private readonly lists = new Map<string, List>();
  /** Every word of every key (plural forms included): such a word is never "corrected". */
  private readonly words = new Set<string>();
  private readonly typos = new TypoIndex();
  private readonly typoWords = new Set<string>();

  declare(name: string, spec: PhraseList): void {
    this.lists.set(name, { spec, byKey: new Map() });
  }

  /** Adds one stored value (lowercase, trimmed) to a declared list. */
  add(name: string, value: string): void {
    const list = this.lists.get(name);
    if (!list) throw new Error(`no phrase list ${name}`);
    const key = storedKey(value);
    if (key === '') return;
    const words = key.split(' ');
    const implied = list.spec.implies?.(value);
    if (implied && implied !== value) this.add(name, implied);
    if (list.spec.keep && !list.spec.keep(value, words)) return;
    this.put(list, words.length <= MAX_PHRASE_WORDS ? key : undefined, value);
    const alias = list.spec.alias?.(value);
    if (alias && alias !== key && alias.split(' ').length <= MAX_PHRASE_WORDS) this.put(list, alias, value);
  }

  /** The stored values of a list under a phrase key. */
  values(name: string, key: string): readonly string[] {
    return asArray(this.lists.get(name)?.byKey.get(key));
  }

  get(key: string): ContentSense[] | undefined {
    let out: ContentSense[] | undefined;
    const plurals = singulars(key);
    for (const list of this.lists.values()) {
      const senses = this.sensesIn(list, key, plurals);
      if (senses) out = out ? out.concat(senses) : senses;
    }
    return out;
  }

  knows(word: string): boolean {
    return this.words.has(word);
  }

  correct(word: string): string | undefined {
    return this.typos.candidates(word)[0];
  }

  /** Values held, per list (for measurements). */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.lists].map(([name, l]) => [name, l.byKey.size]));
  }

  private sensesIn(list: List, key: string, plurals: readonly string[]): ContentSense[] | undefined {
    let values = asArray(list.byKey.get(key));
    if (list.spec.plural)
      for (const singular of plurals) {
        const more = asArray(list.byKey.get(singular));
        if (more.length > 0) values = values.length === 0 ? more : [...new Set([...values, ...more])];
      }
    return values.length === 0 ? undefined : values.map(list.spec.sense);
  }

  private put(list: List, key: string | undefined, value: string): void {
    if (key === undefined) return;
    hold(list.byKey, key, value);
    const words = key.split(' ');
    // Stored names with commas ("health, wellness and fitness") are also typed without them.
    if (words.includes(',')) hold(list.byKey, words.filter((w) => w !== ',').join(' '), value);
    if (list.spec.plural) words.push(plural(words[words.length - 1]));
    for (const w of words) {
      this.words.add(w);
      if (list.spec.typos && !this.typoWords.has(w)) {
        this.typoWords.add(w);
        this.typos.add(w);
      }
    }
  }
}

function hold(byKey: Map<string, Held>, key: string, value: string): void {
  const held = byKey.get(key);
  // The key is usually the value itself: hold one string for both.
  if (held === undefined) byKey.set(key === value ? value : key, value);
  else if (typeof held === 'string') {
    if (held !== value) byKey.set(key, [held, value]);
  } else if (!held.includes(value)) held.push(value);
}

const asArray = (held: Held | undefined): readonly string[] =>
  held === undefined ? [] : typeof held === 'string' ? [held] : held;
