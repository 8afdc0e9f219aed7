import { MAX_QUERY_LENGTH } from '@app/contracts';
import { EOF, ILexingResult, IRecognitionException, IToken, tokenMatcher } from 'chevrotain';
import { ServiceError, Entity } from '@app/contracts';
import { ParsedQuery } from './ast';
import { buildAst } from './ast-builder';

import { checkComplexity } from './complexity';
import { sqlError } from './errors';
import {
  Identifier,
  LParen,
  QuotedIdentifier,
  RParen,
  sqlLexer,
  StringLiteral,
  UnterminatedString,
} from './lexer';
import { parseTokens } from './parser';
import { contextualMessage } from './parser-messages';

export { MAX_QUERY_LENGTH };
/** Parentheses deeper than this are refused before parsing, so recursion stays shallow. */
export const MAX_NESTING = 32;

/**
 * Parses, validates and checks a search query. Every failure is a ServiceError
 * `invalid_query` whose details carry `line`, `column` and `token` (null at the end of the
 * query). `expected` is the entity of the endpoint, when the caller has one.
 */
export function parseQuery(sql: string, expected?: Entity): ParsedQuery {
  checkLength(sql);
  const lexed = sqlLexer.tokenize(sql);
  checkLexing(sql, lexed);
  checkNesting(sql, lexed.tokens);
  const { cst, error } = parseTokens(lexed.tokens);
  if (error || !cst) throw syntaxError(sql, lexed.tokens, error!);
  const parsed = buildAst(cst, sql, expected);
  checkComplexity(parsed);
  return parsed;
}

function checkLength(sql: string): void {
  if (typeof sql !== 'string') {
    throw new ServiceError('invalid_query', 'The query must be a string', {
      line: 1,
      column: 1,
      token: null,
    });
  }
  const chars = [...sql];
  if (chars.length === 0) {
    throw sqlError(
      sql,
      { offset: 0, image: null },
      `the query is empty; it must be 1 to ${MAX_QUERY_LENGTH} characters`,
      {
        length: 0,
        max_length: MAX_QUERY_LENGTH,
      },
    );
  }
  if (chars.length > MAX_QUERY_LENGTH) {
    const offset = chars.slice(0, MAX_QUERY_LENGTH).join('').length;
    throw sqlError(
      sql,
      { offset, image: chars[MAX_QUERY_LENGTH] },
      `the query is ${chars.length} characters long; the limit is ${MAX_QUERY_LENGTH} (this is character ${MAX_QUERY_LENGTH + 1})`,
      { length: chars.length, max_length: MAX_QUERY_LENGTH },
    );
  }
}

function checkLexing(sql: string, lexed: ILexingResult): void {
  const first = lexed.errors[0];
  if (first) {
    const ch = String.fromCodePoint(sql.codePointAt(first.offset)!);
    const hint = ch === '`' ? '; write text in single quotes' : '';
    throw sqlError(sql, { offset: first.offset, image: ch }, `unexpected character ${ch}${hint}`);
  }
}

function checkNesting(sql: string, tokens: IToken[]): void {
  let depth = 0;
  for (const t of tokens) {
    if (tokenMatcher(t, LParen) && ++depth > MAX_NESTING) {
      throw sqlError(
        sql,
        { offset: t.startOffset, image: t.image },
        `parentheses nest deeper than ${MAX_NESTING} levels`,
      );
    }
    if (tokenMatcher(t, RParen)) depth--;
  }
}

function syntaxError(sql: string, tokens: IToken[], error: IRecognitionException) {
  const token = error.token;
  const atEnd = tokenMatcher(token, EOF);
  const index = atEnd ? tokens.length : tokens.findIndex((t) => t.startOffset === token.startOffset);
  const previous = index > 0 ? tokens[index - 1] : undefined;
  const site = atEnd
    ? { offset: sql.length, image: null }
    : { offset: token.startOffset, image: token.image };
  return sqlError(sql, site, specialMessage(token, previous) ?? error.message);
}

function specialMessage(token: IToken, previous: IToken | undefined): string | undefined {
  if (tokenMatcher(token, UnterminatedString)) {
    return "this text is never closed: end it with ' (and write '' for an apostrophe inside text)";
  }
  // `'it's'` lexes as 'it' followed by s: the apostrophe was meant to be part of the text.
  const glued =
    previous &&
    tokenMatcher(previous, StringLiteral) &&
    previous.startOffset + previous.image.length === token.startOffset;
  if (glued && (tokenMatcher(token, Identifier) || tokenMatcher(token, StringLiteral))) {
    return "to put an apostrophe inside text, double it: 'it''s'";
  }
  if (tokenMatcher(token, QuotedIdentifier)) {
    return 'double-quoted names are not supported: write column names without quotes and text in single quotes';
  }
  return contextualMessage(token, previous);
}
