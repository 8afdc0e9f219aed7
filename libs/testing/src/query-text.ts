/** SQL text the query generator and the fuzzer write: literals, keyword case, whitespace. */
import type { Random } from './random';

/** A SQL string literal: apostrophes doubled. */
export const sqlString = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export const codePoints = (s: string) => [...s];

/** Uppercases some characters, only where lowercasing gives the character back (so 'ß', 'ı' stay). */
export function randomCase(rng: Random, s: string, p = 0.3): string {
  return codePoints(s)
    .map((c) => {
      if (!rng.chance(p)) return c;
      const upper = c.toUpperCase();
      return codePoints(upper).length === 1 && upper.toLowerCase() === c ? upper : c;
    })
    .join('');
}

export const keyword = (rng: Random, word: string): string =>
  rng.chance(0.75) ? word : rng.chance(0.5) ? word.toLowerCase() : word[0] + word.slice(1).toLowerCase();

export const space = (rng: Random): string =>
  rng.chance(0.9) ? ' ' : rng.pick(['  ', '\n', '\t', '\n  ', ' \r\n']);
