import type { Lexicon } from './lexicon';
import { Token, tokenize } from './tokenize';

/** The description as the scanner reads it: its tokens, and each token's key with typos corrected. */
export class ScanText {
  readonly tokens: Token[];
  readonly keys: string[];

  constructor(
    readonly source: string,
    lex: Lexicon,
  ) {
    this.tokens = tokenize(source);
    const corrected = new Map<string, string>();
    this.keys = this.tokens.map((t) => {
      if (t.kind !== 'word' || lex.knows(t.norm)) return t.norm;
      let key = corrected.get(t.norm);
      if (key === undefined) corrected.set(t.norm, (key = lex.correct(t.norm) ?? t.norm));
      return key;
    });
  }

  /** Tokens `start` to `end` (exclusive) as typed. */
  phrase(start: number, end: number): string {
    return this.source.slice(this.tokens[start].start, this.tokens[end - 1].end);
  }
}
