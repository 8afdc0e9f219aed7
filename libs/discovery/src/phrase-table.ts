import { phraseKey, Token } from './tokenize';

/**
 * A small fixed table of phrases matched at a token position, longest first: comparators,
 * units and periods of numeric phrases. Phrases are written as people type them and keyed
 * through the tokenizer, like the lexicon.
 */
export class PhraseTable<T> {
  private readonly byFirst = new Map<string, { words: string[]; value: T }[]>();

  constructor(entries: readonly (readonly [phrases: string, value: T])[]) {
    for (const [phrases, value] of entries) {
      for (const phrase of phrases.split('|')) {
        const words = phraseKey(phrase).split(' ');
        const list = this.byFirst.get(words[0]) ?? [];
        list.push({ words, value });
        list.sort((a, b) => b.words.length - a.words.length);
        this.byFirst.set(words[0], list);
      }
    }
  }

  match(tokens: readonly Token[], at: number): { len: number; value: T } | null {
    const first = tokens[at];
    if (!first) return null;
    for (const { words, value } of this.byFirst.get(first.norm) ?? []) {
      if (words.every((w, k) => tokens[at + k]?.norm === w)) return { len: words.length, value };
    }
    return null;
  }
}
