/**
 * Spellings the lexicon does not hold as phrases: short forms of title words ("mgr"), a state
 * code after a city ("portland, OR"), tickers and domains, other names of countries and cities,
 * and the words after a company, title or exchange that say where it is ("google alumni",
 * "nasdaq listed"). Each reads the text and says what it found; the scanner records it.
 */
import { lookupCountry, normalizeCity, normalizeDomain, placeKey, stateByCode } from '@app/normalize';
import { CITY_STATE_CODE_COUNTRIES } from './data/places';
import { TITLE_WORD_SHORT_FORMS } from './data/roles';
import {
  HISTORY_SUFFIXES as HISTORY_SUFFIX_LIST,
  LISTING_SUFFIXES as LISTING_SUFFIX_LIST,
  PAST_SUFFIXES as PAST_SUFFIX_LIST,
} from './data/words';
import type { ScannedItem } from './binding';
import { bareCities } from './grouping';
import { Category, Content, Cue, Lexicon, plural, Sense } from './lexicon';
import type { ScanText } from './scan-text';
import { phraseKey, Token } from './tokenize';
import type { CompiledVocabulary } from './vocabulary';

const HISTORY_SUFFIXES = new Set(HISTORY_SUFFIX_LIST.map(phraseKey));
const PAST_SUFFIXES = new Set(PAST_SUFFIX_LIST.map(phraseKey));
/** "nasdaq listed": words after an exchange that belong to its phrase. */
export const LISTING_SUFFIXES = new Set(LISTING_SUFFIX_LIST.map(phraseKey));
const SHORT_FORMS = new Map(
  TITLE_WORD_SHORT_FORMS.flatMap(([shorts, word]) =>
    shorts.split('|').flatMap((short) => [
      [short, word],
      [plural(short), plural(word)],
    ]),
  ) as [string, string][],
);
const HISTORY_SUFFIX_WORDS = Math.max(...HISTORY_SUFFIX_LIST.map((p) => phraseKey(p).split(' ').length));
const TICKER_SHAPE = /^[a-z0-9]{1,6}(?:\.[a-z0-9]{1,3})?$/;
const DOMAIN_SHAPE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

/** Each token's title word when it is a short form of one ("mgr" → "manager"). */
export function spelledOutWords(tokens: readonly Token[]): (string | undefined)[] {
  return tokens.map((t) => (t.kind === 'word' ? SHORT_FORMS.get(t.norm) : undefined));
}

/** "project mgr": the title senses of the phrase at `i` with its short forms spelled out. */
export function spelledOutTitle(
  lex: Lexicon,
  keys: readonly string[],
  spelledOut: readonly (string | undefined)[],
  i: number,
  len: number,
): Sense[] | undefined {
  if (len < 2) return undefined;
  const words = keys.slice(i, i + len);
  let changed = false;
  for (let j = 0; j < len; j++) {
    const word = spelledOut[i + j];
    if (word !== undefined) [words[j], changed] = [word, true];
  }
  if (!changed) return undefined;
  const titles = lex
    .get(words.join(' '))
    ?.filter((s) => s.type === 'content' && s.content.category === 'title');
  return titles && titles.length > 0 ? titles : undefined;
}

/**
 * "portland, OR", "paris, tx", "london, ON": a state code right after a city (or after it and
 * a comma) is the city's state. A code that is also a word ("or", "in", "me") is read only
 * after the comma at the end or before another comma, or typed in capitals there.
 */
export function stateCodeAfterCity(
  text: ScanText,
  lex: Lexicon,
  last: ScannedItem | undefined,
  i: number,
): Content | null {
  const tokens = text.tokens;
  const t = tokens[i];
  if (t.kind !== 'word' || !/^[a-z]{2,3}$/.test(t.norm) || !last || !bareCities(last.filters)) return null;
  const comma = last.end === i - 1 && tokens[i - 1].norm === ',';
  if (last.end !== i && !comma) return null;
  const word = lex.get(t.norm)?.some((s) => s.type !== 'content' || s.content.category !== 'place');
  const next = tokens[i + 1]?.norm;
  const ends = next === undefined || next === ',';
  if (word && !(ends && (comma || t.upper)) && !(comma && t.upper)) return null;
  for (const country of CITY_STATE_CODE_COUNTRIES) {
    const sub = stateByCode(`${country}-${t.norm}`);
    if (!sub) continue;
    return { category: 'place', places: [{ level: 'state', value: sub.code }] };
  }
  return null;
}

/**
 * "google alumni", "with google in their work history", "with cto experience": words at `j`,
 * after a company or title, that say where in the work history it is: the cue they set and
 * where the phrase ends, past those words.
 */
export function historySuffix(
  keys: readonly string[],
  j: number,
  category: Category,
): { readonly cue: 'past' | 'history'; readonly end: number } | null {
  if (category !== 'company' && category !== 'title') return null;
  for (let len = Math.min(HISTORY_SUFFIX_WORDS, keys.length - j); len >= 1; len--) {
    const words = keys.slice(j, j + len).join(' ');
    const cue: Cue | undefined = HISTORY_SUFFIXES.has(words)
      ? 'history'
      : category === 'company' && PAST_SUFFIXES.has(words)
        ? 'past'
        : undefined;
    if (cue) return { cue, end: j + len };
  }
  return null;
}

/** A ticker ("$aapl", or after "ticker", or a stored symbol in capitals) or a domain, as one token. */
export function tickerOrDomain(
  t: Token,
  cues: ReadonlySet<Cue>,
  vocabulary: CompiledVocabulary,
): Content | null {
  const ticker = t.cashtag || cues.has('ticker') || (t.upper && vocabulary.tickers.has(t.raw));
  if (ticker && t.kind === 'word' && TICKER_SHAPE.test(t.norm)) {
    return { category: 'ticker', symbols: [t.norm.toUpperCase()] };
  }
  if (t.kind === 'word' && DOMAIN_SHAPE.test(t.norm)) {
    const domain = normalizeDomain(t.norm);
    if (domain.ok) return { category: 'company', orgs: [{ by: 'domain', value: domain.value }] };
  }
  return null;
}

/**
 * Country aliases ("deutschland", "ivory coast") and, after a place word, city aliases
 * ("bombay"), at `i`: the place and where its phrase ends.
 */
export function placeSpelling(
  text: ScanText,
  i: number,
  placeCue: boolean,
): { readonly end: number; readonly content: Content } | null {
  for (let len = Math.min(3, text.tokens.length - i); len >= 1; len--) {
    const span = text.tokens.slice(i, i + len);
    if (span.some((t) => t.kind !== 'word')) continue;
    const raw = text.phrase(i, i + len);
    if (raw.replace(/[^\p{L}]/gu, '').length < 4) continue;
    const country = lookupCountry(raw);
    if (country) {
      return {
        end: i + len,
        content: { category: 'place', places: [{ level: 'country', value: country.code }] },
      };
    }
    if (placeCue) {
      const city = normalizeCity(raw);
      // Only an alias: any word after "in" is a well-formed city name, but not a known one.
      if (city.ok && city.value.key !== placeKey(raw)) {
        return {
          end: i + len,
          content: { category: 'place', places: [{ level: 'city', value: city.value.name }] },
        };
      }
    }
  }
  return null;
}
