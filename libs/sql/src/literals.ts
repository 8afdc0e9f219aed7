import { IToken, tokenMatcher } from 'chevrotain';
import { sqlError } from './errors';
import { False, Identifier, Null, NumberLiteral, QuotedIdentifier, StringLiteral, True } from './lexer';

export type Literal =
  | { readonly type: 'string'; readonly value: string; readonly token: IToken }
  | { readonly type: 'number'; readonly value: number; readonly token: IToken }
  | { readonly type: 'boolean'; readonly value: boolean; readonly token: IToken };

/** A value token as SQL reads it; words that only look like values are refused with the reason. */
export function readLiteral(text: string, token: IToken): Literal {
  const site = { offset: token.startOffset, image: token.image };
  if (tokenMatcher(token, StringLiteral)) {
    return { type: 'string', value: token.image.slice(1, -1).replace(/''/g, "'"), token };
  }
  if (tokenMatcher(token, NumberLiteral)) return { type: 'number', value: Number(token.image), token };
  if (tokenMatcher(token, True)) return { type: 'boolean', value: true, token };
  if (tokenMatcher(token, False)) return { type: 'boolean', value: false, token };
  if (tokenMatcher(token, Null)) {
    throw sqlError(
      text,
      site,
      'NULL cannot be compared: in SQL `col = NULL` is never true, and IS NULL is not supported',
    );
  }
  if (tokenMatcher(token, QuotedIdentifier)) {
    const inner = token.image.replace(/^"|"$/g, '').replace(/""/g, '"').replace(/'/g, "''");
    throw sqlError(text, site, `double quotes name columns in SQL; write text in single quotes: '${inner}'`);
  }
  if (tokenMatcher(token, Identifier)) {
    throw sqlError(
      text,
      site,
      `expected a value, found the word ${token.image}: write text in single quotes ('${token.image}'); comparing two columns is not supported`,
    );
  }
  throw sqlError(text, site, 'expected a value');
}

export function describeLiteral(literal: Literal): string {
  switch (literal.type) {
    case 'string':
      return `the text ${literal.token.image}`;
    case 'number':
      return `the number ${literal.token.image}`;
    case 'boolean':
      return `the boolean ${literal.token.image}`;
  }
}
