import { compileQuery, searchSort } from './compiler';
import { parseQuery } from './query';

type Golden = [string, Record<string, unknown>];

/** SQL condition on people → the exact OpenSearch query it compiles to. */
const PEOPLE: Golden[] = [
  ["city = 'Paris'", { term: { city: 'Paris' } }],
  [
    "city != 'x'",
    { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ term: { city: 'x' } }] } },
  ],
  [
    "city <> 'x'",
    { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ term: { city: 'x' } }] } },
  ],
  [
    "NOT city = 'x'",
    { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ term: { city: 'x' } }] } },
  ],
  ["NOT city != 'x'", { term: { city: 'x' } }],
  ["city ILIKE '%par_s%'", { wildcard: { 'city.wc': { value: '*par?s*' } } }],
  ["city ILIKE 'P*?%'", { wildcard: { 'city.wc': { value: 'p\\*\\?*' } } }],
  [
    "city NOT ILIKE '%x%'",
    {
      bool: {
        filter: [{ exists: { field: 'city.wc' } }],
        must_not: [{ wildcard: { 'city.wc': { value: '*x*' } } }],
      },
    },
  ],
  [
    "NOT city ILIKE '%x%'",
    {
      bool: {
        filter: [{ exists: { field: 'city.wc' } }],
        must_not: [{ wildcard: { 'city.wc': { value: '*x*' } } }],
      },
    },
  ],
  ["city ILIKE ''", { term: { city: '' } }],
  [
    "NOT city ILIKE ''",
    { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ term: { city: '' } }] } },
  ],
  ["city ILIKE '%\\\\%'", { regexp: { city: { value: '.*\\\\.*' } } }],
  ["city ILIKE 'a\\%b\\_c%'", { wildcard: { 'city.wc': { value: 'a%b_c*' } } }],
  ["city ILIKE '%%x%%'", { wildcard: { 'city.wc': { value: '*x*' } } }],
  ["full_name ILIKE 'ÉCOLE%'", { wildcard: { 'full_name.wc': { value: 'école*' } } }],
  ["city IN ('a','b')", { terms: { city: ['a', 'b'] } }],
  [
    "city NOT IN ('a')",
    { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ terms: { city: ['a'] } }] } },
  ],
  ['age = 30', { term: { age: 30 } }],
  ['age != 30', { bool: { filter: [{ exists: { field: 'age' } }], must_not: [{ term: { age: 30 } }] } }],
  ['age < 30', { range: { age: { lt: 30 } } }],
  ['age <= 30', { range: { age: { lte: 30 } } }],
  ['age > 30', { range: { age: { gt: 30 } } }],
  ['age >= 30', { range: { age: { gte: 30 } } }],
  ['NOT age < 30', { range: { age: { gte: 30 } } }],
  ['NOT age <= 30', { range: { age: { gt: 30 } } }],
  ['NOT age > 30', { range: { age: { lte: 30 } } }],
  ['NOT age >= 30', { range: { age: { lt: 30 } } }],
  ['age IN (1,2)', { terms: { age: [1, 2] } }],
  [
    'age NOT IN (1,2)',
    { bool: { filter: [{ exists: { field: 'age' } }], must_not: [{ terms: { age: [1, 2] } }] } },
  ],
  [
    'NOT age IN (1)',
    { bool: { filter: [{ exists: { field: 'age' } }], must_not: [{ terms: { age: [1] } }] } },
  ],
  ["sex = 'MALE'", { term: { sex: 'male' } }],
  [
    "sex != 'male'",
    { bool: { filter: [{ exists: { field: 'sex' } }], must_not: [{ term: { sex: 'male' } }] } },
  ],
  ["seniority_level IN ('VP','owner')", { terms: { seniority_level: ['vp', 'owner'] } }],
  [
    "company_size NOT IN ('1-10')",
    {
      bool: {
        filter: [{ exists: { field: 'company_size' } }],
        must_not: [{ terms: { company_size: ['1-10'] } }],
      },
    },
  ],
  ['is_decision_maker = true', { term: { is_decision_maker: true } }],
  ['is_decision_maker = false', { term: { is_decision_maker: false } }],
  ['is_decision_maker != true', { term: { is_decision_maker: false } }],
  ['NOT is_decision_maker = true', { term: { is_decision_maker: false } }],
  [
    "skills ILIKE '%python%'",
    {
      nested: {
        path: 'skills',
        query: { wildcard: { 'skills.v.wc': { value: '*python*' } } },
      },
    },
  ],
  [
    "skills ILIKE 'py%'",
    {
      nested: {
        path: 'skills',
        query: { wildcard: { 'skills.v.wc': { value: 'py*' } } },
      },
    },
  ],
  ["skills = 'Python'", { nested: { path: 'skills', query: { term: { 'skills.v': 'Python' } } } }],
  [
    "NOT skills ILIKE '%x%'",
    {
      bool: {
        must_not: [
          {
            nested: {
              path: 'skills',
              query: { wildcard: { 'skills.v.wc': { value: '*x*' } } },
            },
          },
        ],
      },
    },
  ],
  ["NOT NOT skills = 'x'", { nested: { path: 'skills', query: { term: { 'skills.v': 'x' } } } }],
  [
    "skills ILIKE '%c\\\\d%'",
    {
      nested: {
        path: 'skills',
        query: { regexp: { 'skills.v': { value: '.*c\\\\d.*' } } },
      },
    },
  ],
  [
    "skills ILIKE '%a_b%'",
    {
      nested: {
        path: 'skills',
        query: { wildcard: { 'skills.v.wc': { value: '*a?b*' } } },
      },
    },
  ],
  ["city = 'a' AND age > 3", { bool: { filter: [{ term: { city: 'a' } }, { range: { age: { gt: 3 } } }] } }],
  [
    "city = 'a' OR age > 3",
    { bool: { should: [{ term: { city: 'a' } }, { range: { age: { gt: 3 } } }], minimum_should_match: 1 } },
  ],
  [
    "city = 'a' AND age > 3 AND sex = 'male'",
    { bool: { filter: [{ term: { city: 'a' } }, { range: { age: { gt: 3 } } }, { term: { sex: 'male' } }] } },
  ],
  [
    "(city = 'a' AND age > 3) AND sex = 'male'",
    { bool: { filter: [{ term: { city: 'a' } }, { range: { age: { gt: 3 } } }, { term: { sex: 'male' } }] } },
  ],
  [
    "city = 'a' OR (age > 3 OR sex = 'male')",
    {
      bool: {
        should: [{ term: { city: 'a' } }, { range: { age: { gt: 3 } } }, { term: { sex: 'male' } }],
        minimum_should_match: 1,
      },
    },
  ],
  [
    "NOT (city = 'a' AND age > 3)",
    {
      bool: {
        should: [
          { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ term: { city: 'a' } }] } },
          { range: { age: { lte: 3 } } },
        ],
        minimum_should_match: 1,
      },
    },
  ],
  [
    "NOT (city = 'a' OR age > 3)",
    {
      bool: {
        filter: [{ exists: { field: 'city.wc' } }, { range: { age: { lte: 3 } } }],
        must_not: [{ term: { city: 'a' } }],
      },
    },
  ],
  [
    "NOT (city = 'a' OR NOT age > 3)",
    {
      bool: {
        filter: [{ exists: { field: 'city.wc' } }, { range: { age: { gt: 3 } } }],
        must_not: [{ term: { city: 'a' } }],
      },
    },
  ],
  [
    "city != 'a' AND city != 'b'",
    {
      bool: {
        filter: [{ exists: { field: 'city.wc' } }],
        must_not: [{ term: { city: 'a' } }, { term: { city: 'b' } }],
      },
    },
  ],
  [
    "NOT (city = 'a' OR city = 'b')",
    {
      bool: {
        filter: [{ exists: { field: 'city.wc' } }],
        must_not: [{ term: { city: 'a' } }, { term: { city: 'b' } }],
      },
    },
  ],
  ["city = 'a' AND city = 'a'", { term: { city: 'a' } }],
  [
    "NOT skills = 'x' AND NOT title = 'y'",
    {
      bool: {
        must_not: [
          { nested: { path: 'skills', query: { term: { 'skills.v': 'x' } } } },
          { nested: { path: 'title', query: { term: { 'title.v': 'y' } } } },
        ],
      },
    },
  ],
  [
    "NOT (skills = 'x' OR city = 'y')",
    {
      bool: {
        filter: [{ exists: { field: 'city.wc' } }],
        must_not: [
          { nested: { path: 'skills', query: { term: { 'skills.v': 'x' } } } },
          { term: { city: 'y' } },
        ],
      },
    },
  ],
  [
    "NOT (skills = 'x' AND city = 'y')",
    {
      bool: {
        should: [
          { bool: { must_not: [{ nested: { path: 'skills', query: { term: { 'skills.v': 'x' } } } }] } },
          { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ term: { city: 'y' } }] } },
        ],
        minimum_should_match: 1,
      },
    },
  ],
  [
    "(city = 'a' OR city = 'b') AND (age < 3 OR age > 5)",
    {
      bool: {
        filter: [
          { bool: { should: [{ term: { city: 'a' } }, { term: { city: 'b' } }], minimum_should_match: 1 } },
          {
            bool: {
              should: [{ range: { age: { lt: 3 } } }, { range: { age: { gt: 5 } } }],
              minimum_should_match: 1,
            },
          },
        ],
      },
    },
  ],
  [
    "NOT ((city = 'a' OR city = 'b') AND (age < 3 OR age > 5))",
    {
      bool: {
        should: [
          {
            bool: {
              filter: [{ exists: { field: 'city.wc' } }],
              must_not: [{ term: { city: 'a' } }, { term: { city: 'b' } }],
            },
          },
          { bool: { filter: [{ range: { age: { gte: 3 } } }, { range: { age: { lte: 5 } } }] } },
        ],
        minimum_should_match: 1,
      },
    },
  ],
  [
    "is_decision_maker = true AND NOT (skills ILIKE '%x%' OR title ILIKE 'ceo%')",
    {
      bool: {
        filter: [{ term: { is_decision_maker: true } }],
        must_not: [
          {
            nested: {
              path: 'skills',
              query: { wildcard: { 'skills.v.wc': { value: '*x*' } } },
            },
          },
          {
            nested: {
              path: 'title',
              query: { wildcard: { 'title.v.wc': { value: 'ceo*' } } },
            },
          },
        ],
      },
    },
  ],
  [
    'NOT (is_decision_maker = true OR is_platform_worker = false)',
    { bool: { filter: [{ term: { is_decision_maker: false } }, { term: { is_platform_worker: true } }] } },
  ],
  [
    "NOT (city NOT ILIKE 'a%' AND age NOT IN (1))",
    {
      bool: {
        should: [{ wildcard: { 'city.wc': { value: 'a*' } } }, { terms: { age: [1] } }],
        minimum_should_match: 1,
      },
    },
  ],
];

const COMPANIES: Golden[] = [
  ["ticker = 'AAPL'", { nested: { path: 'ticker_symbol', query: { term: { 'ticker_symbol.v': 'AAPL' } } } }],
  [
    "ticker_symbol ILIKE 'MS%'",
    {
      nested: {
        path: 'ticker_symbol',
        query: { wildcard: { 'ticker_symbol.v.wc': { value: 'ms*' } } },
      },
    },
  ],
  [
    "NOT exchange = 'nyse'",
    { bool: { must_not: [{ nested: { path: 'exchange', query: { term: { 'exchange.v': 'nyse' } } } }] } },
  ],
  ['svc_employee_growth_rate_12m >= 0.05', { range: { svc_employee_growth_rate_12m: { gte: 0.05 } } }],
  [
    "type = 'Public' AND NOT size IN ('1-10')",
    {
      bool: {
        filter: [{ term: { type: 'public' } }, { exists: { field: 'size' } }],
        must_not: [{ terms: { size: ['1-10'] } }],
      },
    },
  ],
  [
    "industry = 'Software' OR industry IN ('a')",
    {
      bool: {
        should: [{ term: { industry: 'Software' } }, { terms: { industry: ['a'] } }],
        minimum_should_match: 1,
      },
    },
  ],
];
/** Numeric literal forms: negative, decimal on an integer column, exponent. */
const NUMERIC: Golden[] = [
  ['age > -5', { range: { age: { gt: -5 } } }],
  ['age = 30.5', { term: { age: 30.5 } }],
  [
    'NOT age = 30.5',
    { bool: { filter: [{ exists: { field: 'age' } }], must_not: [{ term: { age: 30.5 } }] } },
  ],
  ['avg_tenure_months >= 1e2', { range: { avg_tenure_months: { gte: 100 } } }],
];

describe('compileQuery: golden SQL → DSL', () => {
  it.each(PEOPLE)('people WHERE %s', (where, expected) => {
    const parsed = parseQuery(`SELECT * FROM people WHERE ${where}`);
    expect(compileQuery(parsed.where, parsed.entity)).toEqual(expected);
  });

  it.each(COMPANIES)('companies WHERE %s', (where, expected) => {
    const parsed = parseQuery(`SELECT * FROM companies WHERE ${where}`);
    expect(compileQuery(parsed.where, parsed.entity)).toEqual(expected);
  });

  it.each(NUMERIC)('numbers: people WHERE %s', (where, expected) => {
    const parsed = parseQuery(`SELECT * FROM people WHERE ${where}`);
    expect(compileQuery(parsed.where, parsed.entity)).toEqual(expected);
  });

  it('sorts by svc_id, a fresh array each time', () => {
    expect(searchSort()).toEqual([{ svc_id: 'asc' }]);
    expect(searchSort()).not.toBe(searchSort());
  });

  it('refuses a hand-built node whose column the entity does not have', () => {
    const { where } = parseQuery("SELECT * FROM people WHERE job_title = 'x'");
    expect(() => compileQuery(where, 'company')).toThrow(
      'column job_title (text) is not a company search column',
    );
  });
});
