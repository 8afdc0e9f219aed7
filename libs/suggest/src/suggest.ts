import { editDistance } from './edit-distance';

/**
 * Characters of an input, and of a candidate, compared by spelling. Longer than any column,
 * field path or industry name: past it the distance only grows with the length while its cost
 * (O(n·m) per candidate) grew to seconds for a 10,000-character token.
 */
export const MAX_COMPARED = 100;
/**
 * Candidates looked at per call: every column, field path and industry name (148) today; a
 * build holding more distinct industries (up to 2,000 are read) is ranked on the first 500,
 * the most common.
 */
export const MAX_CANDIDATES = 500;
/**
 * Inputs of one list (unknown field paths, the values of an IN list) that get suggestions: a
 * client fixing typos needs the first few, and a list of hundreds, in each of 100 bulk items,
 * must not cost hundreds of rankings.
 */
export const MAX_SUGGESTED_INPUTS = 5;

export interface SuggestOptions {
  /** Suggestions returned at most. */
  max: number;
  /** The largest edit distance still worth suggesting, for an input of this (compared) length; no limit by default. */
  threshold?: (length: number) => number;
  /** Pieces of a candidate also compared on their own, each costing `penalty` more than its distance. */
  parts?: { of: (candidate: string) => readonly string[]; penalty: number };
  /** A caller's own rule relating a candidate otherwise than by spelling: its score, suggested whatever the threshold. */
  related?: (candidate: string) => number | undefined;
  /** Order among equal scores, then the candidates' own order; alphabetical by default. */
  tie?: (a: string, b: string) => number;
}

const alphabetical = (a: string, b: string) => a.localeCompare(b);
const compared = (s: string) => (s.length > MAX_COMPARED ? s.slice(0, MAX_COMPARED) : s);

/**
 * The candidates a user most likely meant, best first. A candidate's score is the smallest of
 * its `related` score, its edit distance to the input and its parts' distances plus the penalty,
 * the distances counting only within the threshold. Bounded work: the input and candidates are
 * compared on their first MAX_COMPARED characters, at most MAX_CANDIDATES candidates are looked
 * at, and a distance is worked out only as far as it could still beat both the threshold and the
 * `max` best scores found so far.
 */
export function suggest(input: string, candidates: Iterable<string>, options: SuggestOptions): string[] {
  const { max, parts, related } = options;
  if (max <= 0) return [];
  const word = compared(input);
  const threshold = options.threshold?.(word.length) ?? Infinity;
  const scored: { name: string; score: number }[] = [];
  // The `max` best scores so far, ascending: a candidate that cannot beat the last is not worth measuring.
  const best: number[] = [];
  let seen = 0;
  for (const name of candidates) {
    if (seen++ >= MAX_CANDIDATES) break;
    const hint = related?.(name) ?? Infinity;
    const worst = best.length === max ? best[max - 1] : Infinity;
    const limit = Math.min(threshold, worst, hint);
    let score = Math.min(hint, editDistance(word, compared(name), limit));
    if (parts) {
      for (const part of parts.of(name)) {
        const within = Math.min(threshold, worst, score) - parts.penalty;
        if (within >= 0) score = Math.min(score, editDistance(word, compared(part), within) + parts.penalty);
      }
    }
    if (score === Infinity) continue;
    scored.push({ name, score });
    if (best.length < max || score < best[max - 1]) {
      best.splice(sortedIndex(best, score), 0, score);
      if (best.length > max) best.pop();
    }
  }
  const tie = options.tie ?? alphabetical;
  return scored
    .sort((x, y) => x.score - y.score || tie(x.name, y.name))
    .slice(0, max)
    .map((s) => s.name);
}

function sortedIndex(sorted: readonly number[], value: number): number {
  let i = 0;
  while (i < sorted.length && sorted[i] <= value) i++;
  return i;
}
