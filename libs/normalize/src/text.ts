/**
 * Text helpers shared by the families. Unicode spaces (NBSP, thin and ideographic spaces) and
 * control characters arrive from copy-pasted spreadsheets and web forms; they are folded into
 * plain spaces before any rule looks at the text, so every rule sees one spelling.
 */
const SPACES = /[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u0000-\u001f\u007f]+/g;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const APOSTROPHES = /[\u2018\u2019\u201b\u02bc\u00b4`\uff07]/g;

/** NFC, invisible characters removed, runs of any whitespace → one space, trimmed. */
export function normalizeSpace(value: string): string {
  let s = value;
  if (!isPlainAscii(s)) s = s.normalize('NFC').replace(ZERO_WIDTH, '');
  return s.replace(SPACES, ' ').trim();
}

/** One dash and one apostrophe, so "O’Brien" and "O'Brien", "Smith–Jones" and "Smith-Jones" agree. */
export function unifyPunctuation(value: string): string {
  if (isPlainAscii(value)) return value;
  return value.replace(DASHES, '-').replace(APOSTROPHES, "'");
}

export function isPlainAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7e || c < 0x20) return false;
  }
  return true;
}
