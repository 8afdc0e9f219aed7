import { ServiceError } from '@app/contracts';
import { parseQuery } from './query';

const P = 'SELECT * FROM people WHERE '; // the condition starts at column 28

/** [query, line, column, offending token (null: end of query), what the message must say] */
type Case = [string, number, number, string | null, string];

function failure(sql: string): ServiceError {
  try {
    parseQuery(sql);
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error(`parsed: ${sql}`);
}

function expectFailure([sql, line, column, token, message]: Case) {
  const error = failure(sql);
  expect(error.code).toBe('invalid_query');
  expect(error.details).toMatchObject({ line, column, token });
  const cut = token !== null && [...token].length > 40 ? `${[...token].slice(0, 40).join('')}…` : token;
  const shown = cut === null ? 'end of query' : /^['"]/.test(cut) ? cut : `"${cut}"`;
  expect(error.message.startsWith(`Line ${line}, column ${column}, at ${shown}: `)).toBe(true);
  expect(error.message).toContain(message);
}

const LEXING: Case[] = [
  ['', 1, 1, null, 'the query is empty; it must be 1 to 10000 characters'],
  [
    `${P}city = '${'x'.repeat(10000)}'`,
    1,
    10001,
    'x',
    'the query is 10036 characters long; the limit is 10000 (this is character 10001)',
  ],
  [`${P}city = 'x' $`, 1, 39, '$', 'unexpected character $'],
  [`${P}city = \`x\``, 1, 35, '`', 'unexpected character `; write text in single quotes'],
  [`${P}città = 'x'`, 1, 32, 'à', 'unexpected character à'],
  [`SELECT *\nFROM people\nWHERE city = 'x' {`, 3, 18, '{', 'unexpected character {'],
  [`${P}city = '🚀' $`, 1, 39, '$', 'unexpected character $'],
  [`${P}city = 'x' AND [age] = 1`, 1, 43, '[', 'unexpected character ['],
];

const STATEMENT: Case[] = [
  [
    '   ',
    1,
    4,
    null,
    'a query must have the form SELECT * FROM people WHERE <condition> (or FROM companies)',
  ],
  ['DELETE FROM people', 1, 1, 'DELETE', 'a query must have the form'],
  ['WITH x AS (SELECT 1) SELECT * FROM people', 1, 1, 'WITH', 'a query must have the form'],
  ["SELECT name FROM people WHERE city = 'x'", 1, 8, 'name', 'only SELECT * is supported'],
  ["SELECT COUNT(*) FROM people WHERE city = 'x'", 1, 8, 'COUNT', 'only SELECT * is supported'],
  [
    "SELECT DISTINCT * FROM people WHERE city = 'x'",
    1,
    8,
    'DISTINCT',
    'only SELECT * is supported (no DISTINCT)',
  ],
  ["SELECT *, city FROM people WHERE city = 'x'", 1, 9, ',', 'expected FROM after SELECT *'],
  ["SELECT * people WHERE city = 'x'", 1, 10, 'people', 'expected FROM after SELECT *'],
  ["SELECT * FROM WHERE city = 'x'", 1, 15, 'WHERE', 'expected the table to search: people or companies'],
  ["SELECT * FROM 'people' WHERE city = 'x'", 1, 15, "'people'", 'expected the table to search'],
  ['SELECT * FROM people', 1, 21, null, 'a WHERE condition is required'],
  ['SELECT * FROM people;', 1, 21, ';', 'a WHERE condition is required'],
  ["SELECT * FROM people p WHERE city = 'x'", 1, 22, 'p', 'table aliases are not supported'],
  ["SELECT * FROM people WHERE people.city = 'x'", 1, 34, '.', 'unexpected character .'],
  ["SELECT * FROM people AS p WHERE city = 'x'", 1, 22, 'AS', 'aliases are not supported'],
  ["SELECT * FROM people, companies WHERE city = 'x'", 1, 21, ',', 'joins are not supported'],
  ['SELECT * FROM people JOIN companies ON 1 = 1 WHERE age = 1', 1, 22, 'JOIN', 'joins are not supported'],
  ['SELECT * FROM people LEFT JOIN companies', 1, 22, 'LEFT', 'joins are not supported'],
  ['SELECT * FROM people INNER JOIN companies', 1, 22, 'INNER', 'joins are not supported'],
  ['SELECT * FROM people NATURAL JOIN companies', 1, 22, 'NATURAL', 'joins are not supported'],
  ['SELECT * FROM people CROSS JOIN companies', 1, 22, 'CROSS', 'joins are not supported'],
  ['SELECT * FROM people ORDER BY city', 1, 22, 'ORDER', 'ORDER BY is not supported'],
  ['SELECT * FROM people LIMIT 10', 1, 22, 'LIMIT', 'LIMIT is not part of the query'],
  ['SELECT * FROM people WHERE', 1, 27, null, 'expected a condition'],
  ['SELECT * FROM people WHERE ;', 1, 28, ';', 'expected a condition'],
];

const CLAUSES: Case[] = [
  [
    `${P}city = 'x' LIMIT 10`,
    1,
    39,
    'LIMIT',
    'send the request fields `limit` (1 to 100) and `offset` (0 to 10000) instead',
  ],
  [`${P}city = 'x' limit 10`, 1, 39, 'limit', 'LIMIT is not part of the query'],
  [`${P}city = 'x' OFFSET 10`, 1, 39, 'OFFSET', 'OFFSET is not part of the query'],
  [`${P}city = 'x' FETCH FIRST 10 ROWS ONLY`, 1, 39, 'FETCH', 'FETCH is not part of the query'],
  [`${P}city = 'x' ORDER BY city`, 1, 39, 'ORDER', 'results come in a fixed order'],
  [`${P}city = 'x' GROUP BY city`, 1, 39, 'GROUP', 'GROUP BY is not supported'],
  [`${P}city = 'x' HAVING age > 1`, 1, 39, 'HAVING', 'HAVING is not supported'],
  [
    `${P}city = 'x' UNION SELECT * FROM companies WHERE type = 'public'`,
    1,
    39,
    'UNION',
    'only one SELECT statement is allowed (no UNION)',
  ],
  [`${P}city = 'x' INTERSECT SELECT 1`, 1, 39, 'INTERSECT', 'no INTERSECT'],
  [`${P}city = 'x' EXCEPT SELECT 1`, 1, 39, 'EXCEPT', 'exclude rows with NOT (<condition>)'],
  [
    `${P}city = 'x'; SELECT * FROM people WHERE city = 'y'`,
    1,
    40,
    'SELECT',
    'only one statement is allowed: nothing may follow the semicolon',
  ],
  [`${P}city = 'x';;`, 1, 39, ';', 'nothing may follow the semicolon'],
  [`${P}city = 'x'; DROP TABLE people`, 1, 40, 'DROP', 'nothing may follow the semicolon'],
  [`SELECT *\nFROM people\nWHERE city = 'x'\nLIMIT 5`, 4, 1, 'LIMIT', 'LIMIT is not part of the query'],
  [
    `SELECT *\r\nFROM people\r\nWHERE\r\n  city = 'x' ORDER BY 1`,
    4,
    14,
    'ORDER',
    'ORDER BY is not supported',
  ],
];

const CONDITIONS: Case[] = [
  [`${P}city = 'x' city = 'y'`, 1, 39, 'city', 'expected AND, OR or the end of the query'],
  [`${P}city = 'x' 'y'`, 1, 39, "'y'", 'expected AND, OR or the end of the query'],
  [`${P}city = 'x' AND`, 1, 42, null, 'expected a condition'],
  [`${P}city = 'x' OR OR age = 1`, 1, 42, 'OR', 'expected a condition'],
  [`${P}city = 'x' AND (age > 1 OR`, 1, 54, null, 'expected a condition'],
  [`${P}(city = 'x'`, 1, 39, null, 'expected AND, OR or ) to close the parenthesis'],
  [`${P}((city = 'x')`, 1, 41, null, 'expected AND, OR or ) to close the parenthesis'],
  [`${P}city = 'x')`, 1, 38, ')', 'unbalanced ): there is no open parenthesis to close'],
  [`${P}()`, 1, 29, ')', 'expected a condition'],
  [`${P}NOT`, 1, 31, null, 'expected a condition'],
  [`${P}AND city = 'x'`, 1, 28, 'AND', 'expected a condition'],
  [
    `${P}city`,
    1,
    32,
    null,
    'expected an operator after the column: =, !=, <>, <, <=, >, >=, ILIKE, NOT ILIKE, IN or NOT IN',
  ],
  [`${P}city 'x'`, 1, 33, "'x'", 'expected an operator after the column'],
  [
    `${P}city =`,
    1,
    34,
    null,
    "expected a value: a string in single quotes ('text'), a number, true or false",
  ],
  [`${P}city = = 'x'`, 1, 35, '=', 'expected a value'],
  [`${P}city = (1)`, 1, 35, '(', 'expected a value'],
  [`${P}'x' = city`, 1, 28, "'x'", 'a condition starts with a column name'],
  [`${P}5 = age`, 1, 28, '5', 'a condition starts with a column name'],
  [`${P}city NOT = 'x'`, 1, 37, '=', 'expected ILIKE or IN after NOT'],
  [`${P}city NOT`, 1, 36, null, 'expected ILIKE or IN after NOT'],
  [`${P}city IN 'x'`, 1, 36, "'x'", "IN takes a list of values in parentheses, e.g. IN ('a', 'b')"],
  [`${P}city IN ()`, 1, 37, ')', 'expected a value'],
  [`${P}city IN ('a' 'b')`, 1, 41, "'b'", 'expected , or ) in the IN list'],
  [`${P}city IN ('a',)`, 1, 41, ')', 'expected a value'],
  [`${P}city IN ('a'`, 1, 40, null, 'expected , or ) in the IN list'],
  [`${P}lower(city) = 'x'`, 1, 33, '(', 'functions are not supported'],
  [`${P}city = upper('x')`, 1, 40, '(', 'functions are not supported'],
  [`${P}city IN (SELECT city FROM companies)`, 1, 37, 'SELECT', 'subqueries are not supported'],
  [`${P}EXISTS (SELECT 1)`, 1, 28, 'EXISTS', 'subqueries are not supported'],
  [`${P}city IS NULL`, 1, 33, 'IS', 'IS NULL and IS NOT NULL are not supported'],
  [`${P}city IS NOT NULL`, 1, 33, 'IS', 'IS NULL and IS NOT NULL are not supported'],
  [`${P}age BETWEEN 1 AND 5`, 1, 32, 'BETWEEN', 'write col >= low AND col <= high'],
  [`${P}city LIKE 'x%'`, 1, 33, 'LIKE', 'use ILIKE (case-insensitive) with % and _'],
  [`${P}city NOT LIKE 'x%'`, 1, 37, 'LIKE', 'LIKE is not supported'],
  [`${P}city SIMILAR TO 'x'`, 1, 33, 'SIMILAR', 'SIMILAR TO is not supported'],
  [`${P}city = 'it's'`, 1, 39, 's', "to put an apostrophe inside text, double it: 'it''s'"],
  [`${P}city = 'it's fine'`, 1, 39, 's', 'double it'],
  [`${P}city = 'abc`, 1, 35, "'abc", "this text is never closed: end it with '"],
  [`${P}city = 'x' AND age = 'it''s`, 1, 49, "'it''s", 'this text is never closed'],
  [`${P}"city" = 'x'`, 1, 28, '"city"', 'double-quoted names are not supported'],
  [`${P}${'('.repeat(33)}city = 'x'${')'.repeat(33)}`, 1, 60, '(', 'parentheses nest deeper than 32 levels'],
];

const titled = (cases: Case[]) =>
  cases.map((c) => [c[0].length > 90 ? `${c[0].slice(0, 90)}…` : c[0], c] as const);

describe('parseQuery: syntax errors name line, column and token', () => {
  it.each(titled(LEXING))('lexing: %j', (_, c) => expectFailure(c));
  it.each(titled(STATEMENT))('statement: %j', (_, c) => expectFailure(c));
  it.each(titled(CLAUSES))('clauses: %j', (_, c) => expectFailure(c));
  it.each(titled(CONDITIONS))('conditions: %j', (_, c) => expectFailure(c));

  it('refuses a non-string query without crashing', () => {
    expect(() => parseQuery(42 as unknown as string)).toThrow(ServiceError);
  });

  it('truncates a long offending token in the message, not in details', () => {
    const long = `'${'y'.repeat(60)}`;
    const error = failure(`${P}city = ${long}`);
    expect(error.message).toContain(`at '${'y'.repeat(39)}…:`);
    expect(error.details).toMatchObject({ token: long });
  });
});
