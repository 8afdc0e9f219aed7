import { type Context, report } from './checks';

/**
 * C0 control characters other than tab, line feed and carriage return (which prose may hold).
 * None has a meaning in a record, Postgres refuses NUL in text and jsonb (one would fail a whole
 * load's COPY), and U+001F is the separator of the matcher's value pairs.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

const codePoint = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Reports every string of a normalized record (at any depth) that holds such a character. It
 * runs on every record loaded, so it allocates nothing for a clean one: no entry lists, and the
 * path grows only on the way to a string that needs reporting or an object that may hold one.
 */
export function reportControlCharacters(value: unknown, ctx: Context): void {
  if (typeof value === 'string') {
    const found = CONTROL.exec(value);
    if (found) report(ctx, `contains the control character ${codePoint(found[0])}, which no text may hold`);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) visit(value[i], i, ctx);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key in record) visit(record[key], key, ctx);
  }
}

function visit(value: unknown, key: string | number, ctx: Context): void {
  if (typeof value === 'string' ? !CONTROL.test(value) : typeof value !== 'object' || value === null) return;
  ctx.path.push(key);
  reportControlCharacters(value, ctx);
  ctx.path.pop();
}
