import { CATALOG, parseQuery, PredicateNode, AstNode } from '@app/sql';
import { ENTITIES, Entity } from '@app/contracts';
import { Rng, seedWords } from '@app/random';
import { either, Filter, flag, growth, list, range, sex } from './filters';
import { readFilters } from './read-filters';
import { randomFilters } from './testing/random-filters';
import { InvalidFiltersError, toQuery, toSql } from './to-sql';

const columnsOf = (node: AstNode): string[] => {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.operands.flatMap(columnsOf);
    case 'not':
      return columnsOf(node.operand);
    default:
      return [(node as PredicateNode).column];
  }
};

describe('toSql: filters → the SQL subset', () => {
  it.each<[string, Entity, Filter[], string]>([
    [
      'a title term',
      'person',
      [list('title', ['software engineer'])],
      "job_title ILIKE '%software engineer%'",
    ],
    [
      'short terms at a word start',
      'person',
      [list('title', ['cto'])],
      "job_title ILIKE 'cto%' OR job_title ILIKE '% cto%'",
    ],
    [
      'apostrophes doubled',
      'person',
      [list('employer', [{ by: 'name', value: "st. mary's" }])],
      "company_name = 'st. mary''s'",
    ],
    [
      'LIKE wildcards escaped',
      'person',
      [list('title', ['100%_a\\b'])],
      "job_title ILIKE '%100\\%\\_a\\\\b%'",
    ],
    [
      "words in a company's name, its start, its domain's ending",
      'company',
      [
        list('name_contains', ['cloud']),
        list('name_prefix', ['acme']),
        list('domain_ending', ['.io', '.co.uk']),
      ],
      "name_cleaned ILIKE '%cloud%' AND name_cleaned ILIKE 'acme%' AND (domain ILIKE '%.io' OR domain ILIKE '%.co.uk')",
    ],
    [
      "an employer's name and domain, and average tenure in months",
      'person',
      [list('name_contains', ['labs']), list('domain_ending', ['.de']), range('average_tenure', { gt: 36 })],
      "company_name ILIKE '%labs%' AND company_domain ILIKE '%.de' AND avg_tenure_months > 36",
    ],
    [
      'values listed with IN',
      'person',
      [
        list('location', [
          { level: 'city', value: 'berlin' },
          { level: 'city', value: 'munich' },
        ]),
      ],
      "city IN ('berlin', 'munich')",
    ],
    [
      'cross-table lists as ORs of =',
      'person',
      [list('skill', ['python', 'go'])],
      "skills = 'python' OR skills = 'go'",
    ],
    [
      'negation as NOT (…)',
      'person',
      [list('seniority', ['intern'], true)],
      "NOT (seniority_level = 'intern')",
    ],
    [
      'AND between filters, parentheses around ORs',
      'person',
      [list('skill', ['a', 'b']), sex('female')],
      "(skills = 'a' OR skills = 'b') AND sex = 'female'",
    ],
    [
      'a pinned city',
      'person',
      [list('location', [{ level: 'city', value: 'portland', within: { level: 'state', value: 'US-OR' } }])],
      "city = 'portland' AND state_code = 'US-OR'",
    ],
    [
      'mixed place levels',
      'person',
      [
        list('location', [
          { level: 'city', value: 'x' },
          { level: 'country', value: 'DE' },
        ]),
      ],
      "city = 'x' OR country_code = 'DE'",
    ],
    [
      'a past employer',
      'person',
      [list('past_employer', ['google'])],
      "organization_name = 'google' AND NOT (company_name = 'google')",
    ],
    [
      'a past title',
      'person',
      [list('past_title', ['founder'])],
      "title ILIKE '%founder%' AND NOT (job_title ILIKE '%founder%')",
    ],
    [
      'an employee range for people',
      'person',
      [range('employee_count', { gt: 500 })],
      "company_size IN ('501-1000', '1001-5000', '5001-10000', '10001+')",
    ],
    [
      'an employee range for companies',
      'company',
      [range('employee_count', { gt: 500 })],
      'svc_employee_count > 500',
    ],
    ['equal bounds as =', 'person', [range('age', { gte: 30, lte: 30 })], 'age = 30'],
    ['a growth period', 'company', [growth('3m', { gte: 0.1 })], 'svc_employee_growth_rate_3m >= 0.1'],
    ['a flag', 'person', [flag('decision_maker')], 'is_decision_maker = true'],
    ['a negated flag', 'person', [flag('platform_worker', true, true)], 'NOT (is_platform_worker = true)'],
    [
      'companies by name and domain',
      'company',
      [
        list('employer', [
          { by: 'name', value: 'stripe' },
          { by: 'domain', value: 'stripe.com' },
        ]),
      ],
      "name_cleaned = 'stripe' OR domain = 'stripe.com'",
    ],
    [
      'tickers and exchanges',
      'company',
      [list('ticker', ['AAPL']), list('exchange', ['NASDAQ'])],
      "ticker_symbol = 'AAPL' AND exchange = 'NASDAQ'",
    ],
    [
      'alternatives across kinds',
      'person',
      [
        either(
          [[list('title', ['founder'])], [list('seniority', ['vp']), list('function', ['sales'])]],
          true,
        ),
      ],
      "NOT (job_title ILIKE '%founder%' OR (seniority_level = 'vp' AND job_function = 'sales'))",
    ],
    ['negative zero', 'company', [range('founded', { gte: -0 })], 'founded >= 0'],
  ])('%s', (_name, entity, filters, where) => {
    const sql = toSql(filters, entity);
    expect(sql).toBe(`SELECT * FROM ${entity === 'person' ? 'people' : 'companies'} WHERE ${where}`);
    expect(() => parseQuery(sql, entity)).not.toThrow();
  });

  it.each<[string, Entity, unknown]>([
    ['an empty list', 'person', []],
    ['a kind the entity lacks', 'company', [list('title', ['x'])]],
    ['a measure the entity lacks', 'company', [range('age', { gt: 3 })]],
    ['an enum value outside the list', 'person', [{ kind: 'seniority', anyOf: ['vpp'], negated: false }]],
    ['an invented kind', 'person', [{ kind: 'salary', anyOf: ['x'], negated: false }]],
    ['an extra field', 'person', [{ kind: 'skill', anyOf: ['x'], negated: false, column: 'password' }]],
  ])('refuses %s', (_name, entity, filters) => {
    expect(() => toSql(filters as Filter[], entity)).toThrow(InvalidFiltersError);
  });

  it('names only catalog columns, for every kind and entity', () => {
    for (const entity of ENTITIES) {
      const used = new Set<string>();
      for (let seed = 0; seed < 300; seed++) {
        const filters = randomFilters(new Rng(seedWords(7), 1, seed), entity);
        if (!readFilters(filters, entity).ok) continue;
        for (const c of columnsOf(toQuery(filters, entity).query.where)) used.add(c);
      }
      for (const c of used) expect(CATALOG[entity].has(c)).toBe(true);
      expect(used.size).toBeGreaterThan(entity === 'person' ? 15 : 8);
    }
  });

  it('writes a query the SQL parser accepts for every valid random filter list (2,000 per entity)', () => {
    for (const entity of ENTITIES) {
      const failures: string[] = [];
      let accepted = 0;
      for (let i = 0; i < 2000; i++) {
        const filters = randomFilters(new Rng(seedWords(2026), entity === 'person' ? 2 : 3, i), entity);
        const read = readFilters(filters, entity);
        if (!read.ok) {
          // The generator writes valid lists; the only refusal is the complexity budget.
          if (!read.problems.every((p) => p.includes('too complex')))
            failures.push(`${i}: ${read.problems.join('; ')}`);
          continue;
        }
        accepted++;
        const sql = toSql(filters, entity);
        try {
          parseQuery(sql, entity);
        } catch (e) {
          failures.push(`${i}: ${(e as Error).message}\n${sql}`);
        }
      }
      expect(failures).toEqual([]);
      expect(accepted).toBeGreaterThan(1500);
    }
  });

  it('is deterministic: the same filters give the same text', () => {
    const filters = randomFilters(new Rng(seedWords(1), 4, 0), 'person');
    expect(toSql(filters, 'person')).toBe(toSql(structuredClone(filters), 'person'));
  });
});
