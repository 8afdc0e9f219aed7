import { ServiceError } from '@app/contracts';
import { compileQuery, parseQuery } from '@app/sql';
import { CompiledQueries } from './compiled-queries';

describe('CompiledQueries', () => {
  const sql = "SELECT * FROM people WHERE job_title ILIKE '%Engineer%' AND company_industry = 'banking'";

  it('compiles a query as the compiler does, once per entity and text', () => {
    const cache = new CompiledQueries();
    const first = cache.get('person', sql);
    expect(first.query).toEqual(compileQuery(parseQuery(sql, 'person').where, 'person'));
    expect(first.industries).toEqual([{ column: 'company_industry', values: ['banking'] }]);
    expect(cache.get('person', sql)).toBe(first);
    expect(cache.get('person', `${sql} `)).not.toBe(first);
  });

  it('keeps entities apart', () => {
    const cache = new CompiledQueries();
    const q = "SELECT * FROM companies WHERE industry = 'banking'";
    expect(cache.get('company', q).industries).toEqual([{ column: 'industry', values: ['banking'] }]);
    expect(() => cache.get('person', q)).toThrow(ServiceError);
    expect(() => cache.get('person', q)).toThrow(/companies/);
  });

  it('refuses a bad query every time, with the same error', () => {
    const cache = new CompiledQueries();
    const bad = 'SELECT * FROM people WHERE colour = 1';
    const messages = [0, 1].map(() => {
      try {
        cache.get('person', bad);
        return null;
      } catch (e) {
        expect(e).toBeInstanceOf(ServiceError);
        expect((e as ServiceError).code).toBe('invalid_query');
        return (e as Error).message;
      }
    });
    expect(messages[0]).toMatch(/colour/);
    expect(messages[1]).toBe(messages[0]);
  });
});
