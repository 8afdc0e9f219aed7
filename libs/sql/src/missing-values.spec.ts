import { Entity } from '@app/contracts';
import { compileQuery } from './compiler';
import { parseQuery } from './query';

import { type Doc, type Query, matches } from './testing/evaluate';

/**
 * Missing values on sparse records (docs/search-sql.md, "Missing values"): a comparison with a
 * missing value is UNKNOWN, NOT keeps it UNKNOWN, `!=` never matches a missing value, and a
 * cross-table column is an EXISTS (never UNKNOWN). Each case names exactly the records it
 * returns, for every column kind; the compiled query is evaluated the way OpenSearch evaluates
 * it over the projected documents, where an unknown value is `null` (not indexed) and an
 * unknown list is `[]`. test/sql-engine-sparse.e2e-spec.ts runs the same kind of table on the real
 * engine, test/search-differential.e2e-spec.ts random queries against PostgreSQL.
 */

/** Search documents as the projection writes them for sparse records. */
const PEOPLE: Record<string, Doc> = {
  // Every column known.
  a: {
    city: 'paris',
    job_title: 'cto',
    age: 40,
    avg_tenure_months: 30.5,
    sex: 'male',
    seniority_level: 'c_level',
    is_decision_maker: true,
    is_platform_worker: false,
    skills: ['go'],
    title: ['cto'],
  },
  b: {
    city: 'lyon',
    job_title: 'engineer',
    age: 25,
    avg_tenure_months: 12,
    sex: 'female',
    seniority_level: 'junior',
    is_decision_maker: false,
    is_platform_worker: false,
    skills: [],
    title: ['engineer'],
  },
  // Partly known.
  c: {
    city: null,
    job_title: 'engineer',
    age: 30,
    avg_tenure_months: null,
    sex: null,
    seniority_level: 'senior',
    is_decision_maker: false,
    is_platform_worker: null,
    skills: ['python'],
    title: [],
  },
  // Nothing known but the required name.
  n: {
    city: null,
    job_title: null,
    age: null,
    avg_tenure_months: null,
    sex: null,
    seniority_level: null,
    is_decision_maker: null,
    is_platform_worker: null,
    skills: [],
    title: [],
  },
};

const COMPANIES: Record<string, Doc> = {
  x: {
    name_cleaned: 'acme',
    name_display: 'Acme',
    domain: 'acme.com',
    type: 'public',
    founded: 1990,
    svc_employee_growth_rate_3m: 0.1,
    svc_employee_growth_rate_12m: 0.2,
    svc_new_hire_count_3m: 4,
    ticker_symbol: ['ACME'],
  },
  // No name (the record has only a domain) and no workforce metrics (the per-period objects are null).
  y: {
    name_cleaned: null,
    name_display: null,
    domain: 'yy.io',
    type: null,
    founded: null,
    svc_employee_growth_rate_3m: null,
    svc_employee_growth_rate_12m: null,
    svc_new_hire_count_3m: null,
    ticker_symbol: [],
  },
  // A name without its display form; one period of a metric unknown.
  z: {
    name_cleaned: 'zeta',
    name_display: null,
    domain: null,
    type: 'private',
    founded: 2001,
    svc_employee_growth_rate_3m: -0.05,
    svc_employee_growth_rate_12m: null,
    svc_new_hire_count_3m: 0,
    ticker_symbol: [],
  },
};

/** [condition, the records returned]: a record is returned only where the condition is TRUE. */
const PEOPLE_CASES: [string, string[]][] = [
  // numeric
  ['age > 30', ['a']],
  ['age <= 30', ['b', 'c']],
  ['NOT (age > 30)', ['b', 'c']],
  ['NOT (age <= 30)', ['a']],
  ['age = 40', ['a']],
  ['age != 40', ['b', 'c']],
  ['age <> 40', ['b', 'c']],
  ['NOT (age = 40)', ['b', 'c']],
  ['NOT (age != 40)', ['a']],
  ['age IN (40, 25)', ['a', 'b']],
  ['age NOT IN (40, 25)', ['c']],
  ['NOT (age IN (40, 25))', ['c']],
  ['NOT (age NOT IN (40, 25))', ['a', 'b']],
  ['avg_tenure_months != 12', ['a']],
  ['NOT (avg_tenure_months < 20)', ['a']],
  // text
  ["city = 'paris'", ['a']],
  ["city != 'paris'", ['b']],
  ["city <> 'PARIS'", ['b']],
  ["NOT (city = 'paris')", ['b']],
  ["NOT (city != 'paris')", ['a']],
  ["city IN ('paris', 'nice')", ['a']],
  ["city NOT IN ('paris', 'nice')", ['b']],
  ["NOT (city IN ('paris', 'nice'))", ['b']],
  ["city ILIKE 'p%'", ['a']],
  ["city NOT ILIKE 'p%'", ['b']],
  ["NOT (city ILIKE 'p%')", ['b']],
  ["NOT (city NOT ILIKE 'p%')", ['a']],
  ["city ILIKE '%'", ['a', 'b']],
  ["NOT (city ILIKE '%')", []],
  ["job_title != 'cto'", ['b', 'c']],
  // enum
  ["sex = 'male'", ['a']],
  ["sex != 'male'", ['b']],
  ["NOT (sex = 'male')", ['b']],
  ["sex NOT IN ('male')", ['b']],
  ["NOT (sex IN ('male', 'female'))", []],
  ["seniority_level NOT IN ('c_level')", ['b', 'c']],
  // boolean: `= false` is not "not true", it needs a known false
  ['is_decision_maker = true', ['a']],
  ['is_decision_maker = false', ['b', 'c']],
  ['is_decision_maker != true', ['b', 'c']],
  ['is_decision_maker <> false', ['a']],
  ['NOT (is_decision_maker = true)', ['b', 'c']],
  ['NOT (is_decision_maker = false)', ['a']],
  ['is_platform_worker = false', ['a', 'b']],
  ['NOT (is_platform_worker = true)', ['a', 'b']],
  ['is_decision_maker = true OR is_decision_maker = false', ['a', 'b', 'c']],
  ['NOT (is_decision_maker = true OR is_decision_maker = false)', []],
  // cross-table: EXISTS, never UNKNOWN
  ["skills = 'go'", ['a']],
  ["NOT (skills = 'go')", ['b', 'c', 'n']],
  ["skills ILIKE '%'", ['a', 'c']],
  ["NOT (skills ILIKE '%')", ['b', 'n']],
  ["NOT (title ILIKE 'eng%')", ['a', 'c', 'n']],
  ["NOT (skills ILIKE '%') AND NOT (city = 'paris')", ['b']],
  // three-valued AND / OR under NOT
  ["NOT (city = 'paris' AND age > 100)", ['a', 'b', 'c']], // n: UNKNOWN AND UNKNOWN
  ["NOT (city = 'paris' OR age > 100)", ['b']], // c: UNKNOWN OR FALSE
  ["city != 'paris' OR age > 100", ['b']],
  ["NOT (city != 'paris') OR age < 35", ['a', 'b', 'c']],
  ["NOT (city = 'lyon' OR sex = 'female' OR is_decision_maker = true)", []], // c: UNKNOWN, n: UNKNOWN
  ["NOT (skills = 'go' OR city = 'lyon')", []], // c, n: FALSE OR UNKNOWN (no skill 'go', no city)
  ["NOT (skills = 'go') AND NOT (age > 100)", ['b', 'c']],
];

const COMPANY_CASES: [string, string[]][] = [
  // workforce columns, from per-period objects that may be null or hold null periods
  ['svc_employee_growth_rate_3m > 0', ['x']],
  ['NOT (svc_employee_growth_rate_3m > 0)', ['z']],
  ['svc_employee_growth_rate_3m != 0.1', ['z']],
  ['svc_employee_growth_rate_12m < 1', ['x']],
  ['NOT (svc_employee_growth_rate_12m >= 1)', ['x']],
  ['svc_new_hire_count_3m NOT IN (4)', ['z']],
  ['NOT (svc_new_hire_count_3m = 0)', ['x']],
  // a company without a name
  ["name_cleaned != 'acme'", ['z']],
  ["NOT (name_cleaned ILIKE '%')", []],
  ["name_display NOT ILIKE 'a%'", []],
  ["domain != 'acme.com'", ['y']],
  ["name_cleaned = 'acme' OR domain = 'yy.io'", ['x', 'y']],
  ["NOT (name_cleaned = 'acme' OR domain = 'yy.io')", []], // z: FALSE OR UNKNOWN
  ["type != 'public'", ['z']],
  ['founded != 1990', ['z']],
  ['NOT (founded < 2000)', ['z']],
  ["NOT (ticker = 'acme')", ['y', 'z']],
];

// ---- the compiled query, evaluated the way OpenSearch evaluates it (./testing/evaluate)

function returned(entity: Entity, docs: Record<string, Doc>, condition: string): string[] {
  const table = entity === 'person' ? 'people' : 'companies';
  const query = compileQuery(
    parseQuery(`SELECT * FROM ${table} WHERE ${condition}`, entity).where,
    entity,
  ) as Query;
  return Object.keys(docs).filter((id) => matches(docs[id], query));
}

describe('missing values: which sparse records a condition returns', () => {
  it.each(PEOPLE_CASES)('people WHERE %s', (condition, expected) => {
    expect(returned('person', PEOPLE, condition)).toEqual(expected);
  });

  it.each(COMPANY_CASES)('companies WHERE %s', (condition, expected) => {
    expect(returned('company', COMPANIES, condition)).toEqual(expected);
  });

  it('never returns a record on a negated comparison with its missing value', () => {
    // `x != v`, `NOT (x = v)`, `x NOT IN (…)`, `x NOT ILIKE …`, `NOT (x < v)` on every scalar column n lacks.
    const scalars: [string, string][] = [
      ['city', "'zzz'"],
      ['job_title', "'zzz'"],
      ['age', '1'],
      ['avg_tenure_months', '1.5'],
      ['sex', "'male'"],
      ['seniority_level', "'vp'"],
    ];
    for (const [column, value] of scalars) {
      const forms = [
        `${column} != ${value}`,
        `NOT (${column} = ${value})`,
        `${column} NOT IN (${value})`,
        `NOT (${column} IN (${value}))`,
      ];
      if (value.startsWith("'") && !['sex', 'seniority_level'].includes(column))
        forms.push(`${column} NOT ILIKE ${value}`);
      if (!value.startsWith("'")) forms.push(`NOT (${column} < ${value})`, `NOT (${column} >= ${value})`);
      for (const form of forms)
        expect([form, returned('person', PEOPLE, form).includes('n')]).toEqual([form, false]);
    }
    for (const form of [
      'is_decision_maker = false',
      'is_decision_maker != true',
      'NOT (is_decision_maker = true)',
    ]) {
      expect([form, returned('person', PEOPLE, form).includes('n')]).toEqual([form, false]);
    }
  });
});

/** The exact queries behind the cases: what makes a missing value UNKNOWN rather than FALSE. */
describe('missing values: compiled queries', () => {
  const compiled = (entity: Entity, condition: string) =>
    compileQuery(
      parseQuery(`SELECT * FROM ${entity === 'person' ? 'people' : 'companies'} WHERE ${condition}`, entity)
        .where,
      entity,
    );

  it.each<[Entity, string, unknown]>([
    // FALSE of a comparison needs the value: `exists` (a text column's on its wildcard subfield)
    [
      'person',
      "city != 'x'",
      { bool: { filter: [{ exists: { field: 'city.wc' } }], must_not: [{ term: { city: 'x' } }] } },
    ],
    [
      'person',
      "sex NOT IN ('male')",
      { bool: { filter: [{ exists: { field: 'sex' } }], must_not: [{ terms: { sex: ['male'] } }] } },
    ],
    // a range's FALSE is the opposite range, which a missing value never meets
    ['person', 'NOT (age > 30)', { range: { age: { lte: 30 } } }],
    // a boolean's FALSE is the other value, not "not true"
    ['person', 'is_decision_maker = false', { term: { is_decision_maker: false } }],
    ['person', 'NOT (is_decision_maker = false)', { term: { is_decision_maker: true } }],
    // NOT EXISTS
    [
      'person',
      "NOT (skills = 'go')",
      { bool: { must_not: [{ nested: { path: 'skills', query: { term: { 'skills.v': 'go' } } } }] } },
    ],
    [
      'company',
      'svc_employee_growth_rate_3m != 0.1',
      {
        bool: {
          filter: [{ exists: { field: 'svc_employee_growth_rate_3m' } }],
          must_not: [{ term: { svc_employee_growth_rate_3m: 0.1 } }],
        },
      },
    ],
    ['company', 'NOT (svc_new_hire_count_12m >= 5)', { range: { svc_new_hire_count_12m: { lt: 5 } } }],
    [
      'company',
      "NOT (name_cleaned = 'acme' OR domain = 'yy.io')",
      {
        bool: {
          filter: [{ exists: { field: 'name_cleaned.wc' } }, { exists: { field: 'domain.wc' } }],
          must_not: [{ term: { name_cleaned: 'acme' } }, { term: { domain: 'yy.io' } }],
        },
      },
    ],
  ])('%s WHERE %s', (entity, condition, expected) => {
    expect(compiled(entity, condition)).toEqual(expected);
  });
});
