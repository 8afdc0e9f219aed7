/**
 * Words in a company's name and the ending of its domain, for companies and for people's
 * current employers: "with cloud in the name", "whose name contains labs", "name starting with
 * acme", "with a .io domain", ".de domains", "domains ending in .ai". Only an ending typed as
 * one is read: "german domains" says nothing about `.de` a reader could not dispute.
 */
import { LeafFilter, list } from './filters';
import { DOMAIN_ENDING } from './read-filters';
import type { Token } from './tokenize';

export interface TextResult {
  readonly end: number;
  readonly filters: readonly LeafFilter[];
}

/** At most this many words make the text looked for in a name. */
const MAX_NAME_WORDS = 3;
const HAVING = new Set(['with', 'having', 'has', 'have']);
const OWNER = new Set(['the', 'its', 'their', 'a', 'company', 'business', 'firm']);
const NAME = new Set(['name', 'names']);
const CONTAINS = new Set([
  'contains',
  'containing',
  'contain',
  'includes',
  'including',
  'include',
  'has',
  'with',
  'having',
]);
const STARTS = new Set(['starts', 'starting', 'start', 'begins', 'beginning', 'begin']);
const DOMAIN = new Set([
  'domain',
  'domains',
  'tld',
  'tlds',
  'website',
  'websites',
  'url',
  'urls',
  'site',
  'sites',
]);
const ENDS = new Set(['ending', 'ends', 'end']);
const COMPANY_NOUNS = new Set(['companies', 'company', 'firms', 'businesses', 'startups', 'brands']);
const JOINERS = new Set(['or', ',', '/', 'and']);
/** Words that end the text looked for: what follows is another part of the description. */
const BOUNDARY = new Set([
  'in',
  'and',
  'or',
  'but',
  'not',
  'with',
  'at',
  'from',
  'that',
  'who',
  'which',
  'founded',
]);

const isWord = (t: Token | undefined): t is Token => t !== undefined && t.kind === 'word';

/** The domain ending a token was typed as (".io", ".co.uk"), if it is one. */
function ending(t: Token | undefined, dotOptional = false): string | null {
  if (!isWord(t)) return null;
  const raw = t.raw.toLowerCase();
  const e = raw.startsWith('.') ? raw : dotOptional ? `.${raw}` : null;
  return e !== null && DOMAIN_ENDING.test(e) ? e : null;
}

/** The words from `at` up to a boundary word, at most MAX_NAME_WORDS; null when none. */
function text(tokens: readonly Token[], at: number): { end: number; text: string } | null {
  let j = at;
  while (j - at < MAX_NAME_WORDS && isWord(tokens[j]) && !BOUNDARY.has(tokens[j].norm)) j++;
  if (j === at) return null;
  return {
    end: j,
    text: tokens
      .slice(at, j)
      .map((t) => t.raw.toLowerCase())
      .join(' '),
  };
}

const norm = (tokens: readonly Token[], j: number) => tokens[j]?.norm ?? '';

/** "with X in the name": X then "in", an optional owner word, and "name". */
function inTheName(tokens: readonly Token[], at: number): TextResult | null {
  if (!HAVING.has(norm(tokens, at))) return null;
  const found = text(tokens, at + 1);
  if (!found || norm(tokens, found.end) !== 'in') return null;
  let j = found.end + 1;
  while (OWNER.has(norm(tokens, j))) j++;
  if (!NAME.has(norm(tokens, j))) return null;
  return { end: j + 1, filters: [list('name_contains', [found.text])] };
}

/** "name contains X", "name starting with X", "companies starting with X". */
function nameVerb(tokens: readonly Token[], at: number): TextResult | null {
  const verb = norm(tokens, at + 1);
  const starts = STARTS.has(verb);
  const named = NAME.has(norm(tokens, at)) && (starts || CONTAINS.has(verb));
  const company = COMPANY_NOUNS.has(norm(tokens, at)) && starts && norm(tokens, at + 2) === 'with';
  if (!named && !company) return null;
  if (company && !isWord(tokens[at + 3])) return null;
  let j = at + 2;
  if (norm(tokens, j) === 'with' || norm(tokens, j) === 'the' || norm(tokens, j) === 'word') j++;
  const found = text(tokens, j);
  if (!found) return null;
  return { end: found.end, filters: [list(starts ? 'name_prefix' : 'name_contains', [found.text])] };
}

/**
 * ".io domains", ".io or .ai domains", "domains ending in .io" (or "in io"). A dotted word alone
 * is not enough: ".net developers" know a framework.
 */
function domainEnding(tokens: readonly Token[], at: number): TextResult | null {
  const typed: string[] = [];
  let j = at;
  for (let e = ending(tokens[j]); e; e = ending(tokens[j])) {
    typed.push(e);
    j++;
    if (!JOINERS.has(norm(tokens, j)) || !ending(tokens[j + 1])) break;
    j++;
  }
  if (typed.length > 0) {
    if (DOMAIN.has(norm(tokens, j))) return { end: j + 1, filters: [list('domain_ending', typed)] };
    // ".co.uk companies": the company noun stays for the rest of the description to read.
    return COMPANY_NOUNS.has(norm(tokens, j)) ? { end: j, filters: [list('domain_ending', typed)] } : null;
  }
  if (!DOMAIN.has(norm(tokens, at)) || !ENDS.has(norm(tokens, at + 1))) return null;
  const k = ['in', 'with'].includes(norm(tokens, at + 2)) ? at + 3 : at + 2;
  const e = ending(tokens[k], true);
  return e ? { end: k + 1, filters: [list('domain_ending', [e])] } : null;
}

/** A name or domain phrase starting at `at`, or null. */
export function readCompanyText(tokens: readonly Token[], at: number): TextResult | null {
  return inTheName(tokens, at) ?? nameVerb(tokens, at) ?? domainEnding(tokens, at);
}
