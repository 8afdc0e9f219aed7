import type { IToken } from 'chevrotain';
import { ServiceError } from '@app/contracts';

/** Where an error points: a token's offset and text, or the end of the query (`image: null`). */
export interface ErrorSite {
  readonly offset: number;
  readonly image: string | null;
}

/** Where a token is, for `sqlError`. */
export const tokenSite = (t: IToken): ErrorSite => ({ offset: t.startOffset, image: t.image });

/** 1-based line and column of a UTF-16 offset, counted in code points like the length limit. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  return positionCursor(text)(offset);
}

/**
 * positionAt for the offsets of one text in increasing order, each scanning on from the last:
 * one pass over the query for all its predicates, where scanning from the start for each made
 * a long query's cost grow with its square.
 */
export function positionCursor(text: string): (offset: number) => { line: number; column: number } {
  let line = 1;
  let column = 1;
  let i = 0;
  return (offset) => {
    if (offset < i) [line, column, i] = [1, 1, 0];
    while (i < offset && i < text.length) {
      const cp = text.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) {
        line++;
        column = 1;
      } else if (text[i] !== '\r') {
        column++;
      }
      i += width;
    }
    return { line, column };
  };
}

const MAX_SHOWN = 40;

function describe(image: string | null): string {
  if (image === null) return 'end of query';
  const shown = [...image].length > MAX_SHOWN ? `${[...image].slice(0, MAX_SHOWN).join('')}…` : image;
  return /^['"]/.test(shown) ? shown : `"${shown}"`;
}

/**
 * The one way this library fails on user input: `invalid_query` whose message starts with the
 * line, column and offending token, repeated in `details` for programs.
 */
export function sqlError(
  text: string,
  site: ErrorSite,
  message: string,
  extra: Record<string, unknown> = {},
): ServiceError {
  return sqlErrorAt(positionAt(text, site.offset), site.image, message, extra);
}

export function sqlErrorAt(
  position: { line: number; column: number },
  image: string | null,
  message: string,
  extra: Record<string, unknown> = {},
): ServiceError {
  const { line, column } = position;
  return new ServiceError(
    'invalid_query',
    `Line ${line}, column ${column}, at ${describe(image)}: ${message}`,
    {
      line,
      column,
      token: image,
      ...extra,
    },
  );
}

export const quoteList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
