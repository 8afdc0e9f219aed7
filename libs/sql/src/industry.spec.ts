import { industryFilters } from './industry';
import { parseQuery } from './query';

const filters = (sql: string) => {
  const { where, entity } = parseQuery(sql);
  return industryFilters(where, entity).map((f) => `${f.column}: ${f.values.join(' | ')}`);
};
const people = (where: string) => filters(`SELECT * FROM people WHERE ${where}`);

describe('industryFilters: the industry values a query cannot match without', () => {
  it.each([
    ["company_industry = 'Software Development'", ['company_industry: software development']],
    ["company_industry IN ('Retail', 'banking', 'retail')", ['company_industry: retail | banking']],
    ["company_industry = 'a' AND city = 'x'", ['company_industry: a']],
    ["company_industry = 'a' AND company_industry = 'b'", ['company_industry: a', 'company_industry: b']],
    ["company_industry = 'a' OR company_industry IN ('b', 'c')", ['company_industry: a | b | c']],
    ["(company_industry = 'a' AND age > 3) OR company_industry = 'b'", ['company_industry: a | b']],
    [
      "(company_industry = 'a' AND company_industry = 'b') OR company_industry = 'c'",
      ['company_industry: c'],
    ],
    ["NOT (company_industry != 'a')", ['company_industry: a']],
    ["NOT NOT company_industry = 'a'", ['company_industry: a']],
    ["NOT (company_industry != 'a' OR city = 'x')", ['company_industry: a']],
    ["company_industry NOT IN ('a') AND NOT company_industry NOT IN ('b')", ['company_industry: b']],
    ["company_industry = 'a' OR city = 'x'", []],
    ["company_industry != 'a'", []],
    ["NOT (company_industry = 'a')", []],
    ["NOT (company_industry = 'a' AND city = 'x')", []],
    ["company_industry ILIKE 'soft%'", []],
    ["company_industry NOT IN ('a')", []],
    ["city = 'a'", []],
  ])('people WHERE %s', (where, expected) => {
    expect(people(where)).toEqual(expected);
  });

  it('reads `industry` for companies and ignores the people column name there', () => {
    expect(filters("SELECT * FROM companies WHERE industry = 'Retail' AND type = 'public'")).toEqual([
      'industry: retail',
    ]);
    expect(filters("SELECT * FROM companies WHERE name_cleaned = 'company_industry'")).toEqual([]);
  });

  it('returns frozen filters', () => {
    const { where, entity } = parseQuery("SELECT * FROM people WHERE company_industry = 'a'");
    const [filter] = industryFilters(where, entity);
    expect(Object.isFrozen(filter)).toBe(true);
    expect(Object.isFrozen(filter.values)).toBe(true);
  });
});
