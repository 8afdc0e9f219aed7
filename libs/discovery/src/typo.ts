import { editDistance } from '@app/suggest';

/**
 * One-edit typo correction against the words of the lexicon ("sofware" → "software",
 * "berln" → "berlin"), by the symmetric-delete method: every indexed word is stored under
 * each of its one-letter deletions, so a query needs only its own deletions looked up, never
 * a scan. Candidates are confirmed with the edit distance (a transposition counts as one).
 * Only words of 5 letters or more are corrected, towards words of 4 or more, because shorter
 * words are one edit away from too many others to guess safely.
 */
export const MIN_TYPO_LENGTH = 5;
const MIN_TARGET_LENGTH = 4;
const MAX_TYPO_LENGTH = 24;

export class TypoIndex {
  private readonly byDeletion = new Map<string, string[]>();

  add(word: string): void {
    if (word.length < MIN_TARGET_LENGTH || word.length > MAX_TYPO_LENGTH || !/^[a-z]+$/.test(word)) return;
    for (const key of variants(word)) {
      const words = this.byDeletion.get(key);
      if (!words) this.byDeletion.set(key, [word]);
      else if (!words.includes(word)) words.push(word);
    }
  }

  /** The indexed words one edit away, sorted. */
  candidates(word: string): string[] {
    if (word.length < MIN_TYPO_LENGTH || word.length > MAX_TYPO_LENGTH || !/^[a-z]+$/.test(word)) return [];
    const found = new Set<string>();
    for (const key of variants(word)) for (const w of this.byDeletion.get(key) ?? []) found.add(w);
    return [...found].filter((w) => w !== word && editDistance(word, w, 1) === 1).sort();
  }
}

/** The word and each of its one-letter deletions. */
function variants(word: string): Set<string> {
  const out = new Set([word]);
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}
