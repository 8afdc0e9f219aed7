/**
 * Matching keys for names and places: lowercase, accents folded (é → e, ß → ss), punctuation
 * dropped, whitespace collapsed. "José  O'Brien-Smith" → "jose obrien smith".
 */
const MARKS = /[\u0300-\u036f]/g;
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_RE = /[ßæøđłœþı]/g;

export function foldKey(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c)
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
