import { phraseKey } from './tokenize';

/**
 * The industry names the served build stores, and what a curated set of names (data/
 * industries.ts, written for both of the professional network's taxonomies) means in it. The
 * build's names are the authority: a set keeps the names the build holds; when it holds none,
 * the build's own names for the words typed stand in ("auto" finds "automotive & transport" in
 * a build with its own taxonomy); failing that the phrase is reported, never sent as a filter
 * no stored value can match.
 */
export type IndustryMeaning =
  | { readonly names: readonly string[] }
  | { readonly unsupported: string; readonly closest: readonly string[] };

/** Names indexed for the word fallback; a longer list (no real taxonomy has one) is not searched further. */
const MAX_INDEXED_NAMES = 5_000;
/** At most this many stored names stand in for a phrase: the filter's value limit, with room. */
const MAX_FALLBACK_NAMES = 30;
const CLOSEST = 3;
/** Words every taxonomy repeats; they say nothing about which industry is meant. */
const GENERIC = new Set([
  'and',
  'or',
  'of',
  'the',
  'for',
  'service',
  'services',
  'company',
  'companies',
  'firm',
  'firms',
  'industry',
  'industries',
  'sector',
  'product',
  'products',
  'provider',
  'providers',
  'other',
  ',',
  '/',
]);

const contentWords = (text: string): string[] =>
  phraseKey(text)
    .split(' ')
    .filter((w) => w !== '' && !GENERIC.has(w));

/** A word without a plural or "-ing" ending ("banks", "banking" → "bank"; "agencies" → "agency"). */
function stem(w: string): string {
  const m = /^(.{3,}?)(ies|ings|ing|es|s)$/.exec(w);
  if (!m) return w;
  return m[2] === 'ies' ? `${m[1]}y` : m[1];
}

/**
 * Two spellings of one word: equal without a plural or "-ing" ending, or sharing a stem of
 * five letters or more that leaves at most three letters of the shorter one ("biotechs"/
 * "biotechnology", "consultancies"/"consulting"; not "auto"/"automation").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b || stem(a) === stem(b)) return true;
  const shorter = Math.min(a.length, b.length);
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  return common >= 5 && common >= shorter - 3;
}

export class StoredIndustries {
  private readonly names = new Set<string>();
  /** Stored names by each of their content words, in the order they were added. */
  private readonly byWord = new Map<string, string[]>();
  /** Those words by their first three letters: `sameWord` holds only within a group. */
  private readonly byStart = new Map<string, string[]>();

  add(name: string): void {
    if (this.names.has(name)) return;
    this.names.add(name);
    if (this.names.size > MAX_INDEXED_NAMES) return;
    for (const w of new Set(contentWords(name))) {
      const names = this.byWord.get(w);
      if (names) {
        names.push(name);
        continue;
      }
      this.byWord.set(w, [name]);
      const group = this.byStart.get(w.slice(0, 3));
      if (group) group.push(w);
      else this.byStart.set(w.slice(0, 3), [w]);
    }
  }

  /** No industries read from the build: every curated name may be meant. */
  get unknown(): boolean {
    return this.names.size === 0;
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  /**
   * What `candidates` (a curated set, or stored names) mean in this build, given the words of
   * the phrase they were read from.
   */
  meaning(candidates: readonly string[], phrase: string): IndustryMeaning {
    if (this.unknown) return { names: candidates };
    const held = candidates.filter((n) => this.names.has(n));
    if (held.length > 0) return { names: held };
    const words = contentWords(phrase);
    const named = this.namedBy(words);
    if (named.length > 0) return { names: named };
    const closest = this.closest([...words, ...candidates.flatMap(contentWords)]);
    return {
      unsupported:
        'no industry the build stores matches' +
        (closest.length > 0 ? `; closest stored: ${closest.map((n) => `'${n}'`).join(', ')}` : ''),
      closest,
    };
  }

  /** Stored names holding every word of the phrase (by `sameWord`). */
  private namedBy(words: readonly string[]): string[] {
    if (words.length === 0) return [];
    const [first, ...rest] = words.map(
      (w) => new Set(this.wordMatches(w).flatMap((k) => this.byWord.get(k)!)),
    );
    return [...first].filter((n) => rest.every((names) => names.has(n))).slice(0, MAX_FALLBACK_NAMES);
  }

  private wordMatches(word: string): string[] {
    if (word.length < 3) return this.byWord.has(word) ? [word] : [];
    return (this.byStart.get(word.slice(0, 3)) ?? []).filter((key) => sameWord(word, key));
  }

  /** The stored names sharing the most of these words. */
  private closest(words: readonly string[]): string[] {
    const score = new Map<string, number>();
    for (const w of new Set(words))
      for (const key of this.wordMatches(w))
        for (const name of this.byWord.get(key)!) score.set(name, (score.get(name) ?? 0) + 1);
    return [...score.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, CLOSEST)
      .map(([name]) => name);
  }
}
