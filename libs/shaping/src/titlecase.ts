/**
 * Title-casing of one stored (lowercase) text value. Only first letters are raised, never
 * lowered, so a value that already carries capitals keeps them and the function is idempotent.
 *
 * - `name` (person names): every word is capitalized, particles included ("van der berg" →
 *   "Van Der Berg"), because a particle's case depends on culture and position.
 * - `text` (titles, places, organizations, skills…): short joining words stay lowercase
 *   unless first ("master of science" → "Master of Science").
 * Both: words after a hyphen or slash are capitalized ("smith-jones" → "Smith-Jones"); after
 * an apostrophe only behind a one-letter O/D/L prefix ("o'brien" → "O'Brien", while "don't",
 * "women's" stay); "mc" words get a second capital ("mcdonald" → "McDonald"); a few fixed
 * spellings (roman numerals, common acronyms) are applied.
 */

import { memoize } from '@app/cache';

export type TitleStyle = 'name' | 'text';

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const LETTER = /\p{L}/u;
const APOSTROPHE = 0x27;
const RIGHT_QUOTE = 0x2019;
const APOSTROPHE_PREFIXES = new Set(['o', 'd', 'l']);

const words = (list: string) => list.split(' ');
const upper = (w: string): [string, string] => [w, w.toUpperCase()];

const MINOR_WORDS = new Set(
  words('a an and as at but by de del for from in into nor of on or the to via with'),
);

const FIXED_SPELLINGS = new Map<string, string>([
  ...words('ii iii iv').map(upper),
  ...words('vp svp evp avp ceo cto cfo coo cio cmo cpo cro ciso hr qa ui ux').map(upper),
  ...words('llc llp plc mba cpa md').map(upper),
  ['phd', 'PhD'],
]);

/** Longer words skip both lookups (and the lowercasing they need). */
const MAX_LISTED_LENGTH = Math.max(...[...MINOR_WORDS, ...FIXED_SPELLINGS.keys()].map((w) => w.length));

/** Letters, marks and digits of any script form a word; anything else separates words. */
function isWordChar(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
  // Surrogate halves cannot be classified alone; astral letters are kept inside words.
  return (c >= 0xd800 && c <= 0xdfff) || WORD_CHAR.test(text[at]);
}

function upperFirst(word: string): string {
  const c = word.charCodeAt(0);
  if (c >= 0x61 && c <= 0x7a) return String.fromCharCode(c - 0x20) + word.slice(1);
  if (c < 0x80) return word;
  const first = String.fromCodePoint(word.codePointAt(0)!);
  return LETTER.test(first) ? first.toUpperCase() + word.slice(first.length) : word;
}

/** True when `text[at]` is a lone O/D/L: "o'brien", not the "n" of "don't". */
function isApostrophePrefix(text: string, at: number): boolean {
  if (at < 0 || !APOSTROPHE_PREFIXES.has(text[at].toLowerCase())) return false;
  return at === 0 || !isWordChar(text, at - 1);
}

function casedWord(text: string, start: number, end: number, first: boolean, style: TitleStyle): string {
  const word = text.slice(start, end);
  const lower = end - start <= MAX_LISTED_LENGTH ? word.toLowerCase() : '';
  const fixed = lower && FIXED_SPELLINGS.get(lower);
  if (fixed) return fixed;
  const before = text.charCodeAt(start - 1);
  if (before === APOSTROPHE || before === RIGHT_QUOTE) {
    return isApostrophePrefix(text, start - 2) ? upperFirst(word) : word;
  }
  if (style === 'text' && !first && MINOR_WORDS.has(lower)) return word;
  if (end - start > 3 && (word[0] === 'm' || word[0] === 'M') && word[1] === 'c') {
    return word[0].toUpperCase() + 'c' + upperFirst(word.slice(2));
  }
  return upperFirst(word);
}

/** A hand-rolled scan: this runs for every listed field of every record on a search page. */
function scan(text: string, style: TitleStyle): string {
  let out = '';
  let at = 0;
  let first = true;
  while (at < text.length) {
    const gap = at;
    while (at < text.length && !isWordChar(text, at)) at++;
    if (at > gap) out += text.slice(gap, at);
    if (at >= text.length) break;
    const start = at;
    while (at < text.length && isWordChar(text, at)) at++;
    out += casedWord(text, start, at, first, style);
    first = false;
  }
  return out;
}

/**
 * Listed fields repeat heavily across records (places, industries, employers, titles), so
 * results of short values are remembered.
 */
const MEMO_LIMIT = 20_000;
const MEMO_MAX_TEXT = 100;
const memo: Record<TitleStyle, (text: string) => string> = {
  name: memoize((text) => scan(text, 'name'), MEMO_LIMIT),
  text: memoize((text) => scan(text, 'text'), MEMO_LIMIT),
};

/**
 * Title-cases `text`. Records are sparse, so a value may be unknown: `null` (or `undefined`)
 * comes back as it is, never as "Null", and so does anything else that is not a string.
 */
export function titleCase(text: string, style: TitleStyle): string;
export function titleCase<T>(text: T, style: TitleStyle): T;
export function titleCase(text: unknown, style: TitleStyle): unknown {
  if (typeof text !== 'string' || text === '') return text;
  return text.length > MEMO_MAX_TEXT ? scan(text, style) : memo[style](text);
}
