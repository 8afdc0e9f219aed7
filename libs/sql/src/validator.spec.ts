import { ServiceError, Entity } from '@app/contracts';

import { parseQuery } from './query';

const P = 'SELECT * FROM people WHERE '; // conditions start at column 28
const C = 'SELECT * FROM companies WHERE '; // conditions start at column 31

/** [query, line, column, offending token, what the message must say, details it must carry] */
type Case = [string, number, number, string, string, Record<string, unknown>?];

function failure(sql: string, expected?: Entity): ServiceError {
  try {
    parseQuery(sql, expected);
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error(`parsed: ${sql}`);
}

function expectFailure([sql, line, column, token, message, details]: Case, expected?: Entity) {
  const error = failure(sql, expected);
  expect(error.code).toBe('invalid_query');
  expect(error.details).toMatchObject({ line, column, token, ...details });
  const cut = [...token].length > 40 ? `${[...token].slice(0, 40).join('')}…` : token;
  const shown = /^['"]/.test(cut) ? cut : `"${cut}"`;
  expect(error.message.startsWith(`Line ${line}, column ${column}, at ${shown}: `)).toBe(true);
  expect(error.message).toContain(message);
}

const SENIORITY =
  "'c_level', 'owner', 'partner', 'vp', 'director', 'manager', 'senior', 'junior', 'training', 'intern'";
const TEXT_OPS = 'it takes ILIKE, NOT ILIKE, =, != (or <>), IN, NOT IN';
const CROSS =
  "takes only skills ILIKE '%text%', skills ILIKE 'text%', skills = 'value'; exclude with NOT (skills ILIKE '%text%') and combine alternatives with OR";

const COLUMNS: Case[] = [
  [
    `${P}nmae = 'x'`,
    1,
    28,
    'nmae',
    'unknown column nmae in people; did you mean',
    { suggestions: expect.arrayContaining(['full_name']) },
  ],
  [`${P}fullname = 'x'`, 1, 28, 'fullname', 'unknown column fullname in people; did you mean full_name?'],
  [`${P}skill ILIKE '%x%'`, 1, 28, 'skill', 'did you mean skills?'],
  [
    `${P}company ILIKE 'acme%'`,
    1,
    28,
    'company',
    'did you mean company_domain, company_industry, company_name?',
  ],
  [`${P}xyz = 1`, 1, 28, 'xyz', 'unknown column xyz in people', { suggestions: [] }],
  [`${P}svc_id = 'x'`, 1, 28, 'svc_id', 'unknown column svc_id in people'],
  [`${P}work_email = 'x'`, 1, 28, 'work_email', 'unknown column work_email in people'],
  [`${P}ticker = 'x'`, 1, 28, 'ticker', 'unknown column ticker in people (it is a column of companies)'],
  [
    `${C}job_title = 'x'`,
    1,
    31,
    'job_title',
    'unknown column job_title in companies (it is a column of people)',
  ],
  [`${C}employees > 10`, 1, 31, 'employees', 'did you mean netx_employee_count, svc_employee_count'],
  [`${C}growth > 0.1`, 1, 31, 'growth', 'did you mean svc_employee_growth_rate_'],
  [
    `${C}svc_new_hire_count_2m > 1`,
    1,
    31,
    'svc_new_hire_count_2m',
    'did you mean svc_new_hire_count_12m, svc_new_hire_count_1m, svc_new_hire_count_3m?',
  ],
  [`${P}city = 'x' AND age = 1 AND bogus = 2`, 1, 55, 'bogus', 'unknown column bogus'],
  [`SELECT * FROM people\nWHERE city = 'x'\n  OR citty = 'y'`, 3, 6, 'citty', 'did you mean city?'],
  [
    "SELECT * FROM companies WHERE industry = 'x'",
    1,
    15,
    'companies',
    'this endpoint searches people: write FROM people',
  ],
];

const OPERATORS: Case[] = [
  [
    `${P}city > 'a'`,
    1,
    33,
    '>',
    `> is not allowed on city, a text column; ${TEXT_OPS}`,
    { allowed: ['ILIKE', 'NOT ILIKE', '=', '!= (or <>)', 'IN', 'NOT IN'] },
  ],
  [`${P}city <= 'a'`, 1, 33, '<=', '<= is not allowed on city, a text column'],
  [`${C}name_display < 'm'`, 1, 44, '<', '< is not allowed on name_display, a text column'],
  [
    `${P}age ILIKE '3%'`,
    1,
    32,
    'ILIKE',
    'ILIKE is not allowed on age, a numeric column; it takes =, != (or <>), <, <=, >, >=, IN, NOT IN',
  ],
  [`${P}age NOT ILIKE '3%'`, 1, 32, 'NOT', 'NOT ILIKE is not allowed on age, a numeric column'],
  [
    `${P}sex ILIKE 'm%'`,
    1,
    32,
    'ILIKE',
    'ILIKE is not allowed on sex, an enum column; it takes =, != (or <>), IN, NOT IN',
  ],
  [`${P}sex > 'male'`, 1, 32, '>', '> is not allowed on sex, an enum column'],
  [`${C}size >= '51-200'`, 1, 36, '>=', '>= is not allowed on size, an enum column'],
  [
    `${P}is_decision_maker IN (true)`,
    1,
    46,
    'IN',
    'IN is not allowed on is_decision_maker, a boolean column; it takes = true, = false, != true, != false',
  ],
  [`${P}is_decision_maker > false`, 1, 46, '>', '> is not allowed on is_decision_maker, a boolean column'],
  [`${P}is_platform_worker ILIKE 'true'`, 1, 47, 'ILIKE', 'ILIKE is not allowed on is_platform_worker'],
  [
    `${P}city ~* 'x'`,
    1,
    33,
    '~*',
    `unknown operator ~*; the operators are =, !=, <>, <, <=, >, >=, ILIKE, NOT ILIKE, IN, NOT IN, and city takes ILIKE`,
  ],
  [`${P}city ~ 'x'`, 1, 33, '~', 'unknown operator ~;'],
  [`${P}city !~* 'x'`, 1, 33, '!~*', 'unknown operator !~*;'],
  [`${P}city == 'x'`, 1, 33, '==', 'unknown operator ==;'],
  [`${P}age => 5`, 1, 32, '=>', 'unknown operator =>; the operators are'],
  [`${P}age !> 5`, 1, 32, '!>', 'unknown operator !>;'],
  [`${P}age % 5`, 1, 32, '%', 'unknown operator %;'],
  [`SELECT *\tFROM people WHERE\tcity @@ 'x'`, 1, 33, '@@', 'unknown operator @@;'],
];

const TYPES: Case[] = [
  [
    `${P}city = 5`,
    1,
    35,
    '5',
    "city is a text column: compare it with text in single quotes, e.g. city = '...' (found the number 5)",
  ],
  [`${P}city = true`, 1, 35, 'true', 'city is a text column', {}],
  [`${P}city ILIKE 5`, 1, 39, '5', 'city is a text column'],
  [`${P}city IN ('a', 5)`, 1, 42, '5', 'city is a text column'],
  [
    `${P}age = '30'`,
    1,
    34,
    "'30'",
    "age is numeric: write the number without quotes, e.g. age = 30 (found the text '30')",
  ],
  [`${P}age > 'thirty'`, 1, 34, "'thirty'", 'age is numeric: write the number without quotes, e.g. age = 10'],
  [`${P}age = true`, 1, 34, 'true', 'age is numeric'],
  [`${P}age IN (1, '2')`, 1, 39, "'2'", 'age is numeric'],
  [
    `${C}founded > '1999'`,
    1,
    41,
    "'1999'",
    'founded is numeric: write the number without quotes, e.g. founded = 1999',
  ],
  [`${P}sex = 1`, 1, 34, '1', "sex takes text values, not the number 1; it takes one of 'male', 'female'"],
  [
    `${P}is_decision_maker = 'true'`,
    1,
    48,
    "'true'",
    "is_decision_maker is boolean: compare it with true or false, without quotes (found the text 'true')",
  ],
  [`${P}is_decision_maker = 1`, 1, 48, '1', 'is_decision_maker is boolean'],
  [`${P}is_platform_worker != 'no'`, 1, 50, "'no'", 'is_platform_worker is boolean'],
  [
    `${P}city = paris`,
    1,
    35,
    'paris',
    "expected a value, found the word paris: write text in single quotes ('paris'); comparing two columns is not supported",
  ],
  [`${P}city = state`, 1, 35, 'state', 'comparing two columns is not supported'],
  [
    `${P}city = "paris"`,
    1,
    35,
    '"paris"',
    "double quotes name columns in SQL; write text in single quotes: 'paris'",
  ],
  [`${P}city = "o'brien"`, 1, 35, '"o\'brien"', "write text in single quotes: 'o''brien'"],
  [
    `${P}city = NULL`,
    1,
    35,
    'NULL',
    'NULL cannot be compared: in SQL `col = NULL` is never true, and IS NULL is not supported',
  ],
  [`${P}city != null`, 1, 36, 'null', 'NULL cannot be compared'],
  [`${P}city IN ('a', NULL)`, 1, 42, 'NULL', 'NULL cannot be compared'],
];

const VALUES: Case[] = [
  [
    `${P}seniority_level = 'vice president'`,
    1,
    46,
    "'vice president'",
    `'vice president' is not a value of seniority_level; it takes one of ${SENIORITY}`,
  ],
  [
    `${P}seniority_level = 'VPP'`,
    1,
    46,
    "'VPP'",
    "(did you mean 'vp'?)",
    { values: expect.arrayContaining(['vp']) },
  ],
  [`${P}company_size = '10000+'`, 1, 43, "'10000+'", "(did you mean '10001+'?)"],
  [`${P}company_size IN ('1-10', '2-20')`, 1, 53, "'2-20'", "'2-20' is not a value of company_size"],
  [`${P}job_function = 'engineer'`, 1, 43, "'engineer'", "(did you mean 'engineering'?)"],
  [
    `${P}highest_degree_level = 'phd'`,
    1,
    51,
    "'phd'",
    "it takes one of 'doctorate', 'masters', 'bachelors', 'associates', 'high_school'",
  ],
  [
    `${P}expense_category != 'marketing'`,
    1,
    48,
    "'marketing'",
    "'marketing' is not a value of expense_category",
  ],
  [`${P}sex = ''`, 1, 34, "''", "'' is not a value of sex"],
  [
    `${C}type = 'startup'`,
    1,
    38,
    "'startup'",
    "it takes one of 'private', 'public', 'nonprofit', 'government_agency', 'educational'",
  ],
  [`${C}size = 'huge'`, 1, 38, "'huge'", "'huge' is not a value of size"],
  [
    `${P}age > 99999999999`,
    1,
    34,
    '99999999999',
    '99999999999 is out of range for age, an integer column (-2147483648 to 2147483647)',
  ],
  [`${P}age >= -2147483649`, 1, 35, '-2147483649', 'out of range for age'],
  [`${P}age IN (1, 2147483648)`, 1, 39, '2147483648', 'out of range for age'],
  [
    `${P}netx_followers > 9007199254740992`,
    1,
    45,
    '9007199254740992',
    'out of range for netx_followers, a long column',
  ],
  [`${P}avg_tenure_months > 1e400`, 1, 48, '1e400', 'out of range for avg_tenure_months, a double column'],
  [
    `${P}city ILIKE 'abc\\'`,
    1,
    39,
    "'abc\\'",
    'the ILIKE pattern ends with the escape character \\; write \\\\ for a literal backslash',
  ],
  [
    `${P}city ILIKE '${'a'.repeat(501)}'`,
    1,
    39,
    `'${'a'.repeat(501)}'`,
    'the ILIKE pattern is 501 characters long; patterns are limited to 500',
  ],
];

const CROSS_TABLE: Case[] = [
  [
    `${P}skills ~* 'python'`,
    1,
    35,
    '~*',
    `~* is not supported on skills; skills is a cross-table column and ${CROSS}`,
  ],
  [
    `${P}skills NOT ILIKE '%x%'`,
    1,
    35,
    'NOT',
    `NOT ILIKE is not supported on skills; skills is a cross-table column and ${CROSS}`,
  ],
  [`${P}skills IN ('a', 'b')`, 1, 35, 'IN', 'IN is not supported on skills; skills is a cross-table column'],
  [`${P}skills NOT IN ('a')`, 1, 35, 'NOT', 'NOT IN is not supported on skills'],
  [`${P}skills != 'python'`, 1, 35, '!=', '!= is not supported on skills'],
  [`${P}skills <> 'python'`, 1, 35, '<>', '<> is not supported on skills'],
  [`${P}skills > 'a'`, 1, 35, '>', '> is not supported on skills'],
  [
    `${P}skills ILIKE '%python'`,
    1,
    41,
    "'%python'",
    "the pattern '%python' is not one of the supported shapes '%text%' and 'text%'",
  ],
  [`${P}skills ILIKE 'py%thon%'`, 1, 41, "'py%thon%'", 'is not one of the supported shapes'],
  [`${P}skills ILIKE 'python'`, 1, 41, "'python'", 'is not one of the supported shapes'],
  [`${P}skills ILIKE '%py%th%'`, 1, 41, "'%py%th%'", 'is not one of the supported shapes'],
  [`${P}skills ILIKE ''`, 1, 41, "''", 'is not one of the supported shapes'],
  [`${P}skills = 5`, 1, 37, '5', 'skills is compared with text in single quotes, not the number 5'],
  [`${P}skills ILIKE 'py\\'`, 1, 41, "'py\\'", 'ends with the escape character'],
  [`${P}NOT (skills NOT ILIKE '%x%')`, 1, 40, 'NOT', 'NOT ILIKE is not supported on skills'],
  [`${P}description ILIKE '%a'`, 1, 46, "'%a'", 'description is a cross-table column'],
  [
    `${P}title !~ 'x'`,
    1,
    34,
    '!~',
    '!~ is not supported on title',
    {
      forms: ["title ILIKE '%text%'", "title ILIKE 'text%'", "title = 'value'", "NOT (title ILIKE '%text%')"],
    },
  ],
  [
    `${C}ticker ~* 'AAP'`,
    1,
    38,
    '~*',
    'not supported on ticker_symbol; ticker_symbol is a cross-table column',
  ],
  [`${C}exchange IN ('nyse')`, 1, 40, 'IN', 'IN is not supported on exchange'],
  [`${C}social_url NOT ILIKE '%x%'`, 1, 42, 'NOT', 'NOT ILIKE is not supported on social_url'],
  [`${C}alt_domain ILIKE '%.io'`, 1, 48, "'%.io'", 'is not one of the supported shapes'],
];

const titled = (cases: Case[]) =>
  cases.map((c) => [c[0].length > 90 ? `${c[0].slice(0, 90)}…` : c[0], c] as const);

describe('parseQuery: validation errors name line, column and token', () => {
  it.each(titled(COLUMNS))('columns: %j', (_, c) =>
    expectFailure(c, c[0].includes('companies') && c[3] === 'companies' ? 'person' : undefined),
  );
  it.each(titled(OPERATORS))('operators: %j', (_, c) => expectFailure(c));
  it.each(titled(TYPES))('types: %j', (_, c) => expectFailure(c));
  it.each(titled(VALUES))('values: %j', (_, c) => expectFailure(c));
  it.each(titled(CROSS_TABLE))('cross-table: %j', (_, c) => expectFailure(c));

  it('refuses a people query sent to the companies endpoint', () => {
    expectFailure(
      [
        "SELECT * FROM people WHERE city = 'x'",
        1,
        15,
        'people',
        'this endpoint searches companies: write FROM companies',
      ],
      'company',
    );
  });

  it('refuses unknown tables with the closest one', () => {
    expectFailure([
      "SELECT * FROM person WHERE city = 'x'",
      1,
      15,
      'person',
      'unknown table person; the tables are people and companies (did you mean people?)',
    ]);
    expectFailure(["SELECT * FROM company WHERE city = 'x'", 1, 15, 'company', '(did you mean companies?)']);
    expectFailure([
      "SELECT * FROM users WHERE city = 'x'",
      1,
      15,
      'users',
      'unknown table users; the tables are people and companies',
      { tables: ['people', 'companies'] },
    ]);
  });

  it('lists every column of the table in details for unknown columns', () => {
    const error = failure(`${C}nope = 1`);
    expect((error.details as { columns: string[] }).columns).toEqual(
      expect.arrayContaining([
        'name_cleaned',
        'svc_turnover_rate_12m',
        'ticker_symbol',
        'ticker',
        'alt_domain',
      ]),
    );
  });
});
