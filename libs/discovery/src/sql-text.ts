/**
 * Literals of the SQL subset (docs/search-sql.md): text in single quotes with `''` for an
 * apostrophe; inside an ILIKE pattern `%`, `_` and `\` are escaped with a backslash so a value
 * is matched as written.
 */
export const sqlString = (value: string): string => `'${value.replace(/'/g, "''")}'`;

const likeLiteral = (value: string): string => value.replace(/[\\%_]/g, '\\$&');

/** `'%text%'`: the text anywhere. */
export const containsPattern = (text: string): string => sqlString(`%${likeLiteral(text)}%`);

/** `'text%'`: the text at the start. */
export const startsPattern = (text: string): string => sqlString(`${likeLiteral(text)}%`);

/** `'%text'`: the text at the end. */
export const endsPattern = (text: string): string => sqlString(`%${likeLiteral(text)}`);

/** `'text%'` and `'% text%'`: the text at the start of a word (SPEC.md's word-start form). */
export const wordStartPatterns = (text: string): [string, string] => [
  startsPattern(text),
  sqlString(`% ${likeLiteral(text)}%`),
];

/** Plain decimal notation the SQL number literal accepts; `-0` is `0`. */
export const sqlNumber = (n: number): string => (Object.is(n, -0) ? '0' : String(n));
