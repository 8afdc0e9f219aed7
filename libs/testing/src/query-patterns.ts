/**
 * ILIKE patterns derived from a value, as clients write them: scalar columns take every shape
 * (exact, prefix, suffix, contains, infix, `_`s, escapes), cross-table columns only the two the
 * subset allows.
 */
import { codePoints, randomCase } from './query-text';
import type { Random } from './random';

type PatternToken = { lit: string } | { wild: '%' | '_' };

function renderPattern(rng: Random, tokens: readonly PatternToken[]): string {
  return tokens
    .map((t) => ('wild' in t ? t.wild : /[\\%_]/.test(t.lit) ? `\\${t.lit}` : randomCase(rng, t.lit, 0.15)))
    .join('');
}

const literals = (s: string): PatternToken[] => codePoints(s).map((lit) => ({ lit }));

/** Replaces up to `n` literal characters with `_`. */
function underscore(rng: Random, tokens: PatternToken[], n: number): PatternToken[] {
  const out = [...tokens];
  for (let i = 0; i < n; i++) {
    const at = rng.int(0, out.length - 1);
    if (out.length && 'lit' in out[at]) out[at] = { wild: '_' };
  }
  return out;
}

function substring(rng: Random, chars: string[], maxLength = 12): string[] {
  if (chars.length === 0) return [];
  const length = rng.int(1, Math.min(chars.length, maxLength));
  const start = rng.int(0, chars.length - length);
  return chars.slice(start, start + length);
}

/** A scalar ILIKE pattern derived from a value: exact, prefix, suffix, contains, infix, `_`s, escapes. */
export function scalarPattern(rng: Random, value: string): string {
  const chars = codePoints(value);
  const shape = rng.weighted({
    contains: 30,
    prefix: 20,
    suffix: 12,
    exact: 8,
    infix: 10,
    any: 2,
    empty: 2,
    escaped: 4,
  });
  let tokens: PatternToken[];
  switch (shape) {
    case 'contains':
      tokens = [{ wild: '%' }, ...literals(substring(rng, chars).join('')), { wild: '%' }];
      break;
    case 'prefix':
      tokens = [
        ...literals(chars.slice(0, rng.int(1, Math.max(1, Math.min(chars.length, 10)))).join('')),
        { wild: '%' },
      ];
      break;
    case 'suffix':
      tokens = [
        { wild: '%' },
        ...literals(chars.slice(-rng.int(1, Math.max(1, Math.min(chars.length, 10)))).join('')),
      ];
      break;
    case 'exact':
      tokens = literals(value);
      break;
    case 'infix': {
      const cut = rng.int(0, chars.length);
      tokens = [
        ...literals(chars.slice(0, Math.min(cut, 6)).join('')),
        { wild: '%' },
        ...literals(chars.slice(cut).slice(-6).join('')),
      ];
      break;
    }
    case 'any':
      return rng.pick(['%', '%%', '_%', '%_%']);
    case 'empty':
      return '';
    case 'escaped':
      // A literal %, _ or \ inside the text (the backslash one takes the regexp path).
      tokens = [
        { wild: '%' },
        ...literals(substring(rng, chars, 4).join('')),
        { lit: rng.pick(['%', '_', '\\']) },
        { wild: '%' },
      ];
      break;
  }
  if (rng.chance(0.25)) tokens = underscore(rng, tokens, rng.int(1, 2));
  return renderPattern(rng, tokens);
}

/** A cross-table ILIKE pattern: only `'%text%'` and `'text%'` (with `_` inside the text) are allowed. */
export function crossTablePattern(rng: Random, value: string): string {
  const chars = codePoints(value);
  const shape = rng.weighted({ contains: 55, prefix: 40, any: 5 });
  if (shape === 'any') return '%';
  let text =
    shape === 'contains'
      ? literals(substring(rng, chars).join(''))
      : literals(chars.slice(0, rng.int(1, Math.max(1, Math.min(chars.length, 10)))).join(''));
  if (rng.chance(0.2)) text = underscore(rng, text, 1);
  if (text.length === 0) text = [{ lit: 'a' }];
  return renderPattern(rng, [
    ...(shape === 'contains' ? [{ wild: '%' } as const] : []),
    ...text,
    { wild: '%' },
  ]);
}
