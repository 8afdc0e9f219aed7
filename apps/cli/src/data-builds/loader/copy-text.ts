/** A value of COPY's text format: null is `\N`; booleans `t`/`f`. */
export type CopyValue = string | number | boolean | null;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  // JSON escapes (`\"`, `\u00e9`) are common in records; most other fields need no escaping.
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPES, (c) => ESCAPED[c]) : text;
}

/** One line of COPY … FROM STDIN in the default text format. */
export function copyLine(values: readonly CopyValue[]): string {
  return `${values.map(field).join('\t')}\n`;
}
