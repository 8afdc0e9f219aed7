import { CATALOG, columnNames, lookupColumn } from './catalog';

describe('column catalog', () => {
  it('has every SPEC.md people column with its kind', () => {
    const kinds = Object.fromEntries([...CATALOG.person.values()].map((c) => [c.name, c.kind]));
    expect(kinds).toMatchObject({
      full_name: 'text',
      country_code: 'text',
      age: 'numeric',
      avg_tenure_months: 'numeric',
      sex: 'enum',
      highest_degree_level: 'enum',
      is_decision_maker: 'boolean',
      skills: 'nested',
      description: 'nested',
    });
    expect(CATALOG.person.size).toBe(33);
  });

  it('has the company workforce columns for every period and the ticker alias', () => {
    for (const p of ['1m', '3m', '6m', '12m']) {
      expect(lookupColumn('company', `svc_turnover_rate_${p}`)).toMatchObject({
        kind: 'numeric',
        numericType: 'double',
      });
      expect(lookupColumn('company', `svc_new_hire_count_${p}`)).toMatchObject({
        kind: 'numeric',
        numericType: 'long',
      });
    }
    expect(lookupColumn('company', 'TICKER')).toMatchObject({ name: 'ticker_symbol', kind: 'nested' });
    expect(lookupColumn('person', 'ticker')).toBeUndefined();
    expect(columnNames('company')).toContain('ticker');
  });

  it('carries the enum value lists', () => {
    expect(lookupColumn('person', 'company_size')?.values).toContain('10001+');
    expect(lookupColumn('company', 'type')?.values).toEqual([
      'private',
      'public',
      'nonprofit',
      'government_agency',
      'educational',
    ]);
  });
});
