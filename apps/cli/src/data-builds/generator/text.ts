/**
 * String helpers for building records: the raw (as-sourced) spellings are title-cased forms of
 * the lowercase values, and ASCII forms feed email addresses, usernames and domains.
 */
import type { TextVariant } from '@app/contracts';

const SMALL_WORDS = new Set([
  'of',
  'and',
  'at',
  'the',
  'in',
  'for',
  'on',
  'de',
  'da',
  'do',
  'di',
  'du',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
  'y',
  'to',
  'a',
  'an',
  'with',
  'by',
]);
const UPPER_WORDS = new Map([
  ['vp', 'VP'],
  ['svp', 'SVP'],
  ['evp', 'EVP'],
  ['ceo', 'CEO'],
  ['cto', 'CTO'],
  ['cfo', 'CFO'],
  ['coo', 'COO'],
  ['cmo', 'CMO'],
  ['cio', 'CIO'],
  ['hr', 'HR'],
  ['it', 'IT'],
  ['qa', 'QA'],
  ['ux', 'UX'],
  ['ui', 'UI'],
  ['seo', 'SEO'],
  ['llc', 'LLC'],
  ['llp', 'LLP'],
  ['gmbh', 'GmbH'],
  ['ag', 'AG'],
  ['sa', 'SA'],
  ['bv', 'BV'],
  ['ab', 'AB'],
  ['plc', 'PLC'],
  ['aws', 'AWS'],
  ['sql', 'SQL'],
  ['api', 'API'],
  ['hvac', 'HVAC'],
  ['cpa', 'CPA'],
  ['pmp', 'PMP'],
  ['ai', 'AI'],
  ['usa', 'USA'],
  ['uk', 'UK'],
  ['nyc', 'NYC'],
  ['ii', 'II'],
  ['iii', 'III'],
  ['iv', 'IV'],
  ['md', 'MD'],
  ['phd', 'PhD'],
  ['rn', 'RN'],
  ['cdl', 'CDL'],
  ['osha', 'OSHA'],
  ['gcp', 'GCP'],
  ['crm', 'CRM'],
  ['erp', 'ERP'],
  ['sap', 'SAP'],
]);

const titleCache = new Map<string, string>();
const SPECIAL_CHARS = /[-'/(.]/;

function capitalizeWord(w: string, first: boolean): string {
  if (w === '') return w;
  const upper = UPPER_WORDS.get(w);
  if (upper !== undefined) return upper;
  if (w.endsWith(',')) return `${capitalizeWord(w.slice(0, -1), first)},`;
  if (!first && SMALL_WORDS.has(w)) return w;
  if (!SPECIAL_CHARS.test(w)) return w.charAt(0).toUpperCase() + w.slice(1);
  // Capitalize after hyphens and after a one-letter prefix's apostrophe: Smith-Jones, O'Brien,
  // D'Angelo, but Mary's.
  let out = '';
  let cap = true;
  for (const ch of w) {
    out += cap ? ch.toUpperCase() : ch;
    cap = ch === '-' || ch === '/' || ch === '(' || ch === '.' || (ch === "'" && out.length === 2);
  }
  return out;
}

// Words repeat endlessly across records (titles, cities, company words), so capitalized words
// are memoized; numbers pass through untouched.
const wordCache = new Map<string, string>();

function cachedWord(w: string, first: boolean): string {
  const c0 = w.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) return w;
  if (first && SMALL_WORDS.has(w)) return capitalizeWord(w, true);
  let c = wordCache.get(w);
  if (c === undefined) {
    c = capitalizeWord(w, false);
    if (wordCache.size < 100_000) wordCache.set(w, c);
  }
  return c;
}

/** "senior software engineer at o'brien & co" → "Senior Software Engineer at O'Brien & Co". */
export function titleCase(s: string): string {
  const words = s.split(' ');
  for (let i = 0; i < words.length; i++) words[i] = cachedWord(words[i], i === 0);
  return words.join(' ');
}

/** titleCase memoized for values drawn from the fixed tables (bounded key set). */
export function titleCaseCached(s: string): string {
  let t = titleCache.get(s);
  if (t === undefined) {
    t = titleCase(s);
    if (titleCache.size < 200_000) titleCache.set(s, t);
  }
  return t;
}

/** First letter uppercase, the rest as is: how people write sentences in summaries. */
export function sentenceCase(s: string): string {
  return s === '' ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** A generated sentence (summary, job description) with its one raw spelling. */
export function sentenceVariant(cleaned: string): TextVariant {
  return { cleaned, raw: [sentenceCase(cleaned)] };
}

const SPECIAL_FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
  å: 'a',
};
const asciiCache = new Map<string, string>();

/** Lowercase ASCII letters and digits only: "José O'Brien-Smith" → "joseobriensmith". */
export function asciiLetters(s: string): string {
  let a = asciiCache.get(s);
  if (a === undefined) {
    a = s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[ßæøđłœþıå]/g, (c) => SPECIAL_FOLD[c] ?? c)
      .replace(/[^a-z0-9]/g, '');
    if (asciiCache.size < 200_000) asciiCache.set(s, a);
  }
  return a;
}

/** Lowercase ASCII words joined by hyphens: "Mary-Jane O'Brien" → "mary-jane-obrien". */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæøđłœþıå]/g, (c) => SPECIAL_FOLD[c] ?? c)
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
