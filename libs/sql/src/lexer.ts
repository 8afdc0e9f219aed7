import { createToken, CustomPatternMatcherReturn, IToken, Lexer, TokenType } from 'chevrotain';

/**
 * Tokens of the search SQL subset. Keywords are case-insensitive and declared before
 * `Identifier` with `longer_alt`, so `description` or `order_id` stay identifiers.
 */
export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/ });

const keyword = (name: string, categories: TokenType[] = []) =>
  createToken({
    name,
    pattern: new RegExp(name.toLowerCase(), 'i'),
    longer_alt: Identifier,
    categories,
  });

export const Select = keyword('SELECT');
export const From = keyword('FROM');
export const Where = keyword('WHERE');
export const And = keyword('AND');
export const Or = keyword('OR');
export const Not = keyword('NOT');
export const Ilike = keyword('ILIKE');
export const In = keyword('IN');
export const True = keyword('TRUE');
export const False = keyword('FALSE');
export const Null = keyword('NULL');

/**
 * SQL words we recognise only to refuse them with a precise message; no grammar rule accepts
 * the category, so the parser stops at the first one.
 */
export const Forbidden = createToken({ name: 'Forbidden', pattern: Lexer.NA });
export const FORBIDDEN_KEYWORDS = [
  'LIMIT',
  'OFFSET',
  'FETCH',
  'ORDER',
  'GROUP',
  'HAVING',
  'JOIN',
  'INNER',
  'LEFT',
  'RIGHT',
  'FULL',
  'OUTER',
  'CROSS',
  'NATURAL',
  'ON',
  'USING',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'DISTINCT',
  'AS',
  'EXISTS',
  'IS',
  'BETWEEN',
  'LIKE',
  'SIMILAR',
] as const;
const forbiddenTokens = FORBIDDEN_KEYWORDS.map((k) => keyword(k, [Forbidden]));

/** Comparison operators share a category so one CONSUME accepts any of them. */
export const ComparisonOperator = createToken({ name: 'ComparisonOperator', pattern: Lexer.NA });
export const NotEquals = createToken({
  name: 'NotEquals',
  pattern: /!=|<>/,
  categories: [ComparisonOperator],
});
export const LessEq = createToken({ name: 'LessEq', pattern: /<=/, categories: [ComparisonOperator] });
export const GreaterEq = createToken({ name: 'GreaterEq', pattern: />=/, categories: [ComparisonOperator] });
export const Less = createToken({ name: 'Less', pattern: /</, categories: [ComparisonOperator] });
export const Greater = createToken({ name: 'Greater', pattern: />/, categories: [ComparisonOperator] });
export const Equals = createToken({ name: 'Equals', pattern: /=/, categories: [ComparisonOperator] });

const OPERATOR_CHARS = '<>=!~*@#^&|?:+/%';
const KNOWN_OPERATORS = new Set(['=', '!=', '<>', '<', '<=', '>', '>=', '*']);

/**
 * A run of operator characters that is not one of ours (`~*`, `==`, `!~`, `||`…) becomes one
 * token, so the parser can place it where an operator goes and the validator can explain
 * what the column accepts instead of a character-level lexing error.
 */
function matchUnknownOperator(text: string, offset: number): CustomPatternMatcherReturn | null {
  let end = offset;
  while (end < text.length && OPERATOR_CHARS.includes(text[end])) end++;
  const run = text.slice(offset, end);
  if (run.length === 0 || KNOWN_OPERATORS.has(run)) return null;
  return [run];
}
export const UnknownOperator = createToken({
  name: 'UnknownOperator',
  pattern: { exec: matchUnknownOperator },
  line_breaks: false,
  start_chars_hint: [...OPERATOR_CHARS],
  categories: [ComparisonOperator],
});

// Never followed by another quote: `'it''s` (unclosed) must not lex as 'it' and a stray 's.
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /'(?:[^']|'')*'(?!')/,
  line_breaks: true,
});
/** Tried only after StringLiteral failed: the rest of the query is an unclosed string. */
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /'(?:[^']|'')*/,
  line_breaks: true,
});
/** Double quotes delimit identifiers in SQL; lexed so a misplaced "value" gets a precise message. */
export const QuotedIdentifier = createToken({
  name: 'QuotedIdentifier',
  pattern: /"(?:[^"]|"")*"?/,
  line_breaks: true,
});
export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/,
});

export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/ });
export const Star = createToken({ name: 'Star', pattern: /\*/ });
export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /\s+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

/** Order matters: chevrotain takes the first pattern that matches, not the longest. */
export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  StringLiteral,
  UnterminatedString,
  QuotedIdentifier,
  NumberLiteral,
  UnknownOperator,
  NotEquals,
  LessEq,
  GreaterEq,
  Less,
  Greater,
  Equals,
  LParen,
  RParen,
  Comma,
  Semicolon,
  Star,
  // Longest keyword first, so ORDER is not read as OR followed by `der`.
  ...[Select, From, Where, And, Or, Not, Ilike, In, True, False, Null, ...forbiddenTokens].sort(
    (a, b) => b.name.length - a.name.length,
  ),
  Forbidden,
  ComparisonOperator,
  Identifier,
];

export const sqlLexer = new Lexer(ALL_TOKENS, { positionTracking: 'onlyOffset', ensureOptimizations: true });

export type Token = IToken;
