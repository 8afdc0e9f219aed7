import { EOF, IParserErrorMessageProvider, IToken, tokenMatcher, TokenType } from 'chevrotain';
import {
  Comma,
  Forbidden,
  From,
  Identifier,
  LParen,
  NumberLiteral,
  RParen,
  Select,
  Semicolon,
  Star,
  StringLiteral,
  Where,
} from './lexer';

const OPERATORS = '=, !=, <>, <, <=, >, >=, ILIKE, NOT ILIKE, IN or NOT IN';
const SHAPE = 'SELECT * FROM people WHERE <condition> (or FROM companies)';

export const JOINS_MESSAGE =
  'joins are not supported: query one table, people or companies, and use its cross-table columns (such as skills or ticker) instead';
export const SUBQUERY_MESSAGE =
  'subqueries are not supported: cross-table columns (such as skills or ticker) are matched directly with ILIKE or =';

/** Why each refused SQL word is refused, and what to write instead. */
const FORBIDDEN_MESSAGES: Record<string, string> = {
  LIMIT:
    'LIMIT is not part of the query: send the request fields `limit` (1 to 100) and `offset` (0 to 10000) instead',
  OFFSET:
    'OFFSET is not part of the query: send the request fields `limit` (1 to 100) and `offset` (0 to 10000) instead',
  FETCH:
    'FETCH is not part of the query: send the request fields `limit` (1 to 100) and `offset` (0 to 10000) instead',
  ORDER: 'ORDER BY is not supported: results come in a fixed order that is stable within a data build',
  GROUP: 'GROUP BY is not supported: a search returns matching rows only',
  HAVING: 'HAVING is not supported: a search returns matching rows only',
  UNION: 'only one SELECT statement is allowed (no UNION)',
  INTERSECT: 'only one SELECT statement is allowed (no INTERSECT)',
  EXCEPT: 'only one SELECT statement is allowed (no EXCEPT); exclude rows with NOT (<condition>)',
  DISTINCT: 'only SELECT * is supported (no DISTINCT)',
  AS: 'aliases are not supported',
  EXISTS: SUBQUERY_MESSAGE,
  IS: 'IS NULL and IS NOT NULL are not supported; a comparison with a missing value is never true, so `col = ...` already leaves out rows without col',
  BETWEEN: 'BETWEEN is not supported: write col >= low AND col <= high',
  LIKE: 'LIKE is not supported: use ILIKE (case-insensitive) with % and _',
  SIMILAR: 'SIMILAR TO is not supported: use ILIKE with % and _',
};
for (const join of ['JOIN', 'INNER', 'LEFT', 'RIGHT', 'FULL', 'OUTER', 'CROSS', 'NATURAL', 'ON', 'USING']) {
  FORBIDDEN_MESSAGES[join] = JOINS_MESSAGE;
}

export function forbiddenMessage(token: IToken): string {
  return FORBIDDEN_MESSAGES[token.tokenType.name] ?? `${token.image.toUpperCase()} is not supported`;
}

const isEnd = (t: IToken) => tokenMatcher(t, EOF);

function expectedToken(expected: TokenType, actual: IToken, ruleName: string): string {
  switch (expected) {
    case Select:
      return `a query must have the form ${SHAPE}`;
    case Star:
      return 'only SELECT * is supported: column lists, expressions and functions are not';
    case From:
      return 'expected FROM after SELECT *';
    case Identifier:
      return 'expected the table to search: people or companies';
    case Where:
      if (isEnd(actual) || tokenMatcher(actual, Semicolon)) return `a WHERE condition is required: ${SHAPE}`;
      if (tokenMatcher(actual, Comma)) return JOINS_MESSAGE;
      if (tokenMatcher(actual, Identifier))
        return 'table aliases are not supported; expected WHERE after the table name';
      return 'expected WHERE after the table name';
    case LParen:
      return "IN takes a list of values in parentheses, e.g. IN ('a', 'b')";
    case RParen:
      return ruleName === 'valueList'
        ? 'expected , or ) in the IN list'
        : 'expected AND, OR or ) to close the parenthesis';
    default:
      return `expected ${expected.name}`;
  }
}

const NO_VIABLE: Record<string, string> = {
  atom: 'expected a condition: <column> <operator> <value>, NOT <condition>, or a condition in parentheses',
  predicateOperator: `expected an operator after the column: ${OPERATORS}`,
  matchOperator: 'expected ILIKE or IN after NOT',
  value: "expected a value: a string in single quotes ('text'), a number, true or false",
};

/** Chevrotain calls these with the grammar's view of the failure; the messages name rules people know. */
export const parserMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual, ruleName }) => expectedToken(expected, actual, ruleName),
  buildNotAllInputParsedMessage: ({ firstRedundant }) =>
    tokenMatcher(firstRedundant, RParen)
      ? 'unbalanced ): there is no open parenthesis to close'
      : 'expected AND, OR or the end of the query',
  buildNoViableAltMessage: ({ actual, ruleName }) => {
    if (ruleName === 'atom' && [StringLiteral, NumberLiteral].some((t) => tokenMatcher(actual[0], t))) {
      return 'a condition starts with a column name: <column> <operator> <value>';
    }
    return NO_VIABLE[ruleName] ?? 'unexpected token';
  },
  buildEarlyExitMessage: ({ ruleName }) => NO_VIABLE[ruleName] ?? NO_VIABLE.value,
};

/**
 * Messages that depend on more than the grammar position: a refused keyword anywhere, a
 * function call, a nested SELECT, text after the statement's semicolon.
 */
export function contextualMessage(token: IToken, previous: IToken | undefined): string | undefined {
  if (tokenMatcher(token, Forbidden)) return forbiddenMessage(token);
  if (previous && tokenMatcher(previous, Semicolon))
    return 'only one statement is allowed: nothing may follow the semicolon';
  if (tokenMatcher(token, Select) && previous) return SUBQUERY_MESSAGE;
  if (tokenMatcher(token, LParen) && previous && tokenMatcher(previous, Identifier)) {
    return 'functions are not supported: write <column> <operator> <value>';
  }
  return undefined;
}
