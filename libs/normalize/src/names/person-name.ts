/**
 * Person names as SPEC.md's clean endpoint describes them: full_name loses prefixes and
 * suffixes, first_name prefixes, last_name suffixes; whitespace is normalized, text is NFC and
 * lowercase like every record value. Particles and apostrophes are part of the name and stay
 * ("van der berg", "de la cruz", "o'brien"). Nicknames in quotes or brackets are dropped, a
 * "Last, First" full name is turned around, and dots only mark abbreviations ("J.R." → "j r").
 * Every result is a fixed point: cleaning it again changes nothing.
 */
import { Cleaned, fail, ok } from '../result';
import { normalizeSpace, unifyPunctuation } from '../text';
import { affixKey, isSuffix, PREFIXES, SUFFIXES, WORD_PREFIXES } from './affixes';

const MAX_LENGTH = 256;
const NICKNAMES = /\([^)]*\)|\[[^\]]*\]|"[^"]*"|“[^”]*”|«[^»]*»/g;
const NAME_WORD = /^[\p{L}\p{M}][\p{L}\p{M}'-]*$/u;

function prepare(input: string): string {
  return unifyPunctuation(normalizeSpace(input))
    .replace(NICKNAMES, ' ')
    .replace(/\s*-\s*/g, '-')
    .toLowerCase();
}

/** Words of one comma-separated part; a dotted run that is no known affix is split ("dr.smith"). */
function words(part: string): string[] {
  const out: string[] = [];
  for (const raw of part.split(' ')) {
    if (raw === '') continue;
    const key = affixKey(raw);
    if (raw.includes('.') && !PREFIXES.has(key) && !WORD_PREFIXES.has(key) && !SUFFIXES.has(key)) {
      for (const piece of raw.split('.')) if (piece !== '') out.push(piece);
    } else out.push(raw);
  }
  return out;
}

function isPrefixPart(part: string[]): boolean {
  return part.length > 0 && part.every((w) => PREFIXES.has(affixKey(w)) || WORD_PREFIXES.has(affixKey(w)));
}

/** Parts after the first that hold only suffixes or titles ("Smith, PhD", "Jones, Jr., MD"). */
function dropAffixParts(parts: string[][]): string[][] {
  const kept = [parts[0]];
  for (const part of parts.slice(1)) {
    if (part.length === 0) continue;
    if (part.every((w) => isSuffix(w, true)) || isPrefixPart(part)) continue;
    kept.push(part);
  }
  return kept;
}

function stripSuffixes(ws: string[]): string[] {
  let end = ws.length;
  while (end > 1 && isSuffix(ws[end - 1], false)) end--;
  return end === ws.length ? ws : ws.slice(0, end);
}

function stripPrefixes(ws: string[]): string[] {
  let start = 0;
  for (;;) {
    const key = affixKey(ws[start] ?? '');
    const left = ws.length - start - 1;
    if ((PREFIXES.has(key) && left >= 1) || (WORD_PREFIXES.has(key) && left >= 2)) start++;
    // "Mr. and Mrs. Smith": a joined pair of titles goes together.
    else if (
      start > 0 &&
      (key === 'and' || key === '&') &&
      left >= 2 &&
      PREFIXES.has(affixKey(ws[start + 1]))
    )
      start++;
    else break;
  }
  return start === 0 ? ws : ws.slice(start);
}

function finish(ws: string[]): Cleaned<string> {
  const out: string[] = [];
  for (const w of ws) {
    const word = w.replace(/\./g, '').replace(/^['-]+|['-]+$/g, '');
    if (word === '') continue;
    if (!NAME_WORD.test(word)) return fail('invalid_characters');
    out.push(word);
  }
  if (out.length === 0) return fail('empty');
  const name = out.join(' ');
  return name.length > MAX_LENGTH ? fail('too_long') : ok(name);
}

function parts(input: string): string[][] | null {
  const s = prepare(input);
  const ps = s.split(',').map((p) => words(p.trim()));
  return ps.some((p) => p.length > 0) ? ps : null;
}

export function cleanFullName(input: string): Cleaned<string> {
  const ps = parts(input);
  if (!ps) return fail('empty');
  const kept = dropAffixParts(ps).filter((p) => p.length > 0);
  if (kept.length === 0) return fail('empty');
  // "Smith, John Jr." and "Dr. Smith, John" are "John Smith": given names first, affixes gone.
  const ordered = kept.length === 2 ? [...stripSuffixes(kept[1]), ...stripPrefixes(kept[0])] : kept.flat();
  return finish(stripPrefixes(stripSuffixes(ordered)));
}

export function cleanFirstName(input: string): Cleaned<string> {
  const ps = parts(input);
  if (!ps) return fail('empty');
  const ws = ps.flat();
  let start = 0;
  while (
    start < ws.length - 1 &&
    (PREFIXES.has(affixKey(ws[start])) || WORD_PREFIXES.has(affixKey(ws[start])))
  ) {
    start++;
  }
  return finish(ws.slice(start));
}

export function cleanLastName(input: string): Cleaned<string> {
  const ps = parts(input);
  if (!ps) return fail('empty');
  const kept = dropAffixParts(ps).flat();
  return finish(stripSuffixes(kept));
}
