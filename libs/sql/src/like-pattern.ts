/**
 * SQL ILIKE patterns: `%` is any run of characters, `_` exactly one, and (as in PostgreSQL,
 * whose default escape character is the backslash) `\%`, `\_` and `\\` are literal.
 */
export type LikePart =
  { readonly type: 'text'; readonly text: string } | { readonly type: 'any' } | { readonly type: 'one' };

/** The pattern's parts, or null when it ends in a lone escape character (an error in PostgreSQL too). */
export function parseLikePattern(pattern: string): LikePart[] | null {
  const parts: LikePart[] = [];
  let text = '';
  const flush = () => {
    if (text) parts.push({ type: 'text', text });
    text = '';
  };
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch === '\\') {
      if (i + 1 === chars.length) return null;
      text += chars[++i];
    } else if (ch === '%') {
      flush();
      // `%%` means the same as `%`; one part keeps the shape checks and the output simple.
      if (parts[parts.length - 1]?.type !== 'any') parts.push({ type: 'any' });
    } else if (ch === '_') {
      flush();
      parts.push({ type: 'one' });
    } else {
      text += ch;
    }
  }
  flush();
  return parts;
}

/** The two ILIKE shapes cross-table columns accept: `'%text%'` (contains) and `'text%'` (starts with). */
export function crossTableShape(parts: readonly LikePart[]): 'contains' | 'prefix' | null {
  const anys = parts.flatMap((p, i) => (p.type === 'any' ? [i] : []));
  if (parts.length === 0 || parts[parts.length - 1].type !== 'any') return null;
  if (anys.length === 1) return anys[0] === 0 ? 'contains' : 'prefix';
  if (anys.length === 2 && anys[0] === 0) return 'contains';
  return null;
}

/**
 * Lowercases like the index's `lowercase` normalizer (one code point to one code point), so a
 * pattern matches the lowercase stored text without OpenSearch's `case_insensitive` flag, which
 * folds ASCII only and slows the wildcard field down (dsl.ts).
 */
export function lowercase(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += [...lower].length === 1 ? lower : ch === '\u0130' ? 'i' : ch;
  }
  return out;
}

const hasBackslash = (parts: readonly LikePart[]) =>
  parts.some((p) => p.type === 'text' && p.text.includes('\\'));

/**
 * OpenSearch 2.19's `wildcard` field mishandles an escaped backslash (`\\` never matches), so a
 * pattern with a literal backslash has to be answered by a `regexp` on the keyword instead.
 */
export const needsRegexp = hasBackslash;

export function toWildcard(parts: readonly LikePart[]): string {
  return parts
    .map((p) =>
      p.type === 'any' ? '*' : p.type === 'one' ? '?' : lowercase(p.text).replace(/[\\*?]/g, '\\$&'),
    )
    .join('');
}

export function toRegexp(parts: readonly LikePart[]): string {
  return parts
    .map((p) =>
      // Lucene reads `\` + any character as that character, so escaping all but letters and digits is safe.
      p.type === 'any' ? '.*' : p.type === 'one' ? '.' : lowercase(p.text).replace(/[^\p{L}\p{N}]/gu, '\\$&'),
    )
    .join('');
}
