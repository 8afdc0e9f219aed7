import { foldKey } from '@app/normalize';

/**
 * Splits a description into tokens in one left-to-right pass (no backtracking regex, so time
 * is linear in the length). Descriptions and every lexicon phrase go through the same
 * function, so they agree on spelling by construction:
 *
 * - letters and digits form words, lowercased with accents folded (`Zürich` → `zurich`);
 * - `.` `'` inside a word stay (`node.js`, `stripe.com`) except dotted abbreviations, which
 *   lose their dots (`U.S.A.` → `usa`, `Ph.D` → `phd`); apostrophes and a trailing `'s` go
 *   (`don't` → `dont`, `google's` → `google`);
 * - `c++`, `c#`, `10+` keep their signs (`10 yrs+` is `10+ yrs`); `$AAPL` is a cashtag;
 * - `&` is the word `and`, `/` and `,` are their own tokens, `;` is a comma; a lone `w/` is
 *   `with` and `w/o` is `without`;
 * - a hyphen separates words (`co-founder` reads as `co founder`) except between numbers
 *   (`10-50`), where it is a token;
 * - `<`, `>`, `<=`, `>=`, `=`, `%`, `+`, `~` are tokens; any other character separates.
 */
export type TokenKind = 'word' | 'number' | 'punct';

export interface Token {
  /** The form the lexicon is keyed by. */
  readonly norm: string;
  /** As typed. */
  readonly raw: string;
  /** Offsets in the text (UTF-16 units), end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly kind: TokenKind;
  /** Numbers: the value, with `k`/`m` multipliers applied. */
  readonly value?: number;
  /** `10+`. */
  readonly plus?: boolean;
  /** `20%`. */
  readonly percent?: boolean;
  /** `1990s`, `30s`. */
  readonly decade?: boolean;
  /** `$AAPL`. */
  readonly cashtag?: boolean;
  /** Two or more letters and no lowercase ones: `US`, `IT`, `AAPL`. */
  readonly upper: boolean;
}

/** Enough for any 1000-character description; the rest of a longer text is not read. */
export const MAX_TOKENS = 600;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const DIGIT = /[0-9]/;
const isWord = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);
const isDigit = (c: string | undefined) => c !== undefined && DIGIT.test(c);
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
const DASHES = new Set(['-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212']);
const APOSTROPHES = new Set(["'", '\u2019', '\u2018', '`']);
/** Units glued to a number ("10yrs", "5y", "500employees") are split off it. */
const GLUED_UNITS = /^(\d+(?:\.\d+)?)(\+?)(years?|yrs?|y|yo|yoe|employees|emp|people|followers|percent|pct)$/;
/** A unit with a trailing plus, after a number ("10 yrs+"). */
const UNIT_PLUS = /^(years?|yrs?|yoe)\+$/i;
const NUMBER = /^(\d+(?:\.\d+)?)(k|m|mm|bn)?(\+)?(%)?$/;
const DECADE = /^(\d{2}|\d{4})s$/;
const MULTIPLIER: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, mm: 1e6, bn: 1e9 };

export function tokenize(text: string): Token[] {
  const chars = Array.from(text);
  const offsets: number[] = [];
  let at = 0;
  for (const c of chars) {
    offsets.push(at);
    at += c.length;
  }
  offsets.push(at);
  const tokens: Token[] = [];
  const push = (t: Token) => {
    if (tokens.length < MAX_TOKENS) tokens.push(t);
  };
  const punct = (norm: string, from: number, to: number) =>
    push({
      norm,
      raw: chars.slice(from, to).join(''),
      start: offsets[from],
      end: offsets[to],
      kind: 'punct',
      upper: false,
    });

  let i = 0;
  while (i < chars.length && tokens.length < MAX_TOKENS) {
    const c = chars[i];
    const next = chars[i + 1];
    const shorthand = c === 'w' || c === 'W' ? withShorthand(chars, i) : 0;
    if (shorthand > 0) {
      // "w/" is "with" and "w/o" "without", not "w" and the "/" of a list
      const norm = shorthand === 3 ? 'without' : 'with';
      push({
        norm,
        raw: chars.slice(i, i + shorthand).join(''),
        start: offsets[i],
        end: offsets[i + shorthand],
        kind: 'word',
        upper: false,
      });
      i += shorthand;
    } else if (
      isWord(c) ||
      (c === '$' && isLetter(next)) ||
      (c === '.' && isLetter(next) && !isWord(chars[i - 1]))
    ) {
      const end = wordEnd(chars, i);
      const word = chars.slice(i, end).join('');
      const unitPlus = UNIT_PLUS.exec(word);
      const before = tokens[tokens.length - 1];
      if (unitPlus && before?.kind === 'number' && !before.plus && !before.percent) {
        // "10 yrs+" is "10+ yrs": the sign moves to the number it qualifies
        tokens[tokens.length - 1] = { ...before, plus: true };
        push({
          norm: unitPlus[1].toLowerCase(),
          raw: unitPlus[1],
          start: offsets[i],
          end: offsets[end - 1],
          kind: 'word',
          upper: false,
        });
      } else for (const t of wordTokens(word, offsets[i])) push(t);
      i = end;
    } else if (c === ',' || c === ';') {
      punct(',', i, i + 1);
      i++;
    } else if (c === '/' || c === '%' || c === '=' || c === '+' || c === '~') {
      punct(c, i, i + 1);
      i++;
    } else if (c === '&') {
      push({ norm: 'and', raw: '&', start: offsets[i], end: offsets[i + 1], kind: 'word', upper: false });
      i++;
    } else if (c === '<' || c === '>' || c === '\u2264' || c === '\u2265') {
      const orEqual = next === '=' && (c === '<' || c === '>');
      const norm = c === '\u2264' ? '<=' : c === '\u2265' ? '>=' : orEqual ? `${c}=` : c;
      punct(norm, i, orEqual ? i + 2 : i + 1);
      i += orEqual ? 2 : 1;
    } else if (
      DASHES.has(c) &&
      tokens[tokens.length - 1]?.kind === 'number' &&
      isDigit(nextNonSpace(chars, i + 1))
    ) {
      punct('-', i, i + 1);
      i++;
    } else {
      i++;
    }
  }
  return tokens;
}

/** The length of a "w/" (2) or "w/o" (3) starting at `i`, else 0: a lone w right before a slash. */
function withShorthand(chars: readonly string[], i: number): number {
  if (isWord(chars[i - 1]) || chars[i + 1] !== '/') return 0;
  const o = chars[i + 2] === 'o' || chars[i + 2] === 'O';
  return o && !isWord(chars[i + 3]) ? 3 : 2;
}

function nextNonSpace(chars: readonly string[], from: number): string | undefined {
  let j = from;
  while (j < chars.length && chars[j] === ' ') j++;
  return chars[j];
}

/** Where the word starting at `i` ends: joiners stay inside it only between word characters. */
function wordEnd(chars: readonly string[], i: number): number {
  let j = i + 1;
  while (j < chars.length) {
    const d = chars[j];
    if (isWord(d)) j++;
    else if ((d === '.' || APOSTROPHES.has(d)) && isWord(chars[j - 1]) && isWord(chars[j + 1])) j++;
    // Thousands separators: 1,000 and 12,500,000 but not "5,10".
    else if (
      d === ',' &&
      isDigit(chars[j - 1]) &&
      isDigit(chars[j + 1]) &&
      isDigit(chars[j + 2]) &&
      isDigit(chars[j + 3]) &&
      !isDigit(chars[j + 4])
    )
      j++;
    else if (d === '+' || (d === '#' && /[a-z]/i.test(chars[j - 1] ?? '') && !isWord(chars[j + 1]))) {
      while (chars[j] === '+' || chars[j] === '#') j++;
      break;
    } else if (d === '%' && isDigit(chars[j - 1])) {
      j++;
      break;
    } else break;
  }
  return j;
}

function wordTokens(raw: string, start: number): Token[] {
  const end = start + raw.length;
  const upper = /\p{L}.*\p{L}/su.test(raw) && raw === raw.toUpperCase() && raw !== raw.toLowerCase();
  if (raw.startsWith('$')) {
    return [{ norm: fold(raw.slice(1)), raw, start, end, kind: 'word', cashtag: true, upper }];
  }
  const compact = raw.replace(/,/g, '').toLowerCase();
  const glued = GLUED_UNITS.exec(compact);
  if (glued) {
    const numberRaw = glued[1] + glued[2];
    const split = end - glued[3].length;
    return [
      { ...numberToken(glued[1], glued[2] === '+', false), raw: numberRaw, start, end: split },
      { norm: glued[3], raw: raw.slice(split - start), start: split, end, kind: 'word', upper: false },
    ];
  }
  const num = NUMBER.exec(compact);
  if (num) {
    const value = Number(num[1]) * (num[2] ? MULTIPLIER[num[2]] : 1);
    return [{ ...numberToken(String(value), num[3] === '+', num[4] === '%'), raw, start, end }];
  }
  const decade = DECADE.exec(compact);
  if (decade)
    return [
      {
        norm: compact,
        raw,
        start,
        end,
        kind: 'number',
        value: Number(decade[1]),
        decade: true,
        upper: false,
      },
    ];
  return [{ norm: fold(raw), raw, start, end, kind: 'word', upper }];
}

function numberToken(digits: string, plus: boolean, percent: boolean) {
  const value = Number(digits);
  return { norm: digits, kind: 'number' as const, value, plus, percent, upper: false };
}

/** Lowercase, accents folded, apostrophes and a possessive `'s` dropped, dotted abbreviations joined. */
function fold(raw: string): string {
  let s = raw.toLowerCase().replace(/['\u2019\u2018`]s$/, '');
  s = s.replace(/['\u2019\u2018`]/g, '');
  if (s.includes('.') && s.split('.').every((part) => part.length <= 2)) s = s.replace(/\./g, '');
  // foldKey folds accents and special letters; it is applied to letter runs only, so the
  // joiners that make `c++`, `c#` and `node.js` survive.
  return s.replace(/[\p{L}\p{N}\p{M}]+/gu, (run) =>
    /^[a-z0-9]+$/.test(run) ? run : foldKey(run).replace(/ /g, ''),
  );
}

/** The lexicon key of a phrase: its tokens' forms joined by single spaces. */
export function phraseKey(text: string): string {
  return tokenize(text)
    .map((t) => t.norm)
    .join(' ');
}
