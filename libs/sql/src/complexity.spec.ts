import { ServiceError } from '@app/contracts';
import { estimateClauses, MAX_CLAUSES } from './complexity';
import { parseQuery } from './query';

const wildcard = (value: string) => ({ wildcard: { 'c.wc': { value } } });

describe('the clause estimate', () => {
  it.each([
    [{ term: { c: 'x' } }, 1],
    [{ terms: { c: ['a', 'b', 'c'] } }, 1],
    [{ range: { age: { gt: 1 } } }, 2],
    [{ exists: { field: 'c' } }, 1],
    [wildcard('*abc*'), 2],
    [wildcard('*abcdefghij*'), 9],
    [wildcard('abcdefghij*'), 10],
    [wildcard('abcdefghij'), 11],
    [wildcard('*ab*cd*'), 3],
    [wildcard('*a\\*b*'), 2],
    [wildcard('*abcabcabcabc*'), 4],
    [{ nested: { path: 's', query: { term: { 's.v': 'x' } } } }, 1],
    [{ bool: { must_not: [{ term: { c: 'x' } }] } }, 2],
    [{ bool: { filter: [{ exists: { field: 'c' } }], must_not: [{ term: { c: 'x' } }] } }, 3],
    // A regexp (an ILIKE with a literal backslash) costs what its pattern would as a wildcard.
    [{ regexp: { c: { value: '.*abc.*' } } }, 2],
    [{ regexp: { c: { value: '.*abcdefghij.*' } } }, 9],
    [{ regexp: { c: { value: 'abc\\\\def.*' } } }, 7],
    [{ regexp: { c: { value: '.*ab.cd.*' } } }, 3],
    [{ regexp: { c: { value: '.*a\\*b.*' } } }, 2],
  ])('%j costs %i', (query, clauses) => {
    expect(estimateClauses(query)).toBe(clauses);
  });

  it('lets hundreds of plain conditions through', () => {
    const many = Array.from({ length: 300 }, (_, i) => `city = 'c${i}'`).join(' OR ');
    expect(parseQuery(`SELECT * FROM people WHERE ${many}`).where.kind).toBe('or');
  });

  // Distinct trigrams count, so the text must not repeat.
  const long = (seed: number) => {
    let x = seed;
    return Array.from({ length: 400 }, () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return String.fromCharCode(97 + (x % 26));
    }).join('');
  };
  const refusal = (sql: string) => {
    try {
      parseQuery(sql);
    } catch (e) {
      return e as ServiceError;
    }
    return undefined;
  };

  it('stops at the predicate that takes the query over the limit', () => {
    const sql = `SELECT * FROM people WHERE full_name ILIKE '%${long(1)}%'\n  AND job_title ILIKE '%${long(2)}%'\n  AND city ILIKE '%${long(3)}%'`;
    const error = refusal(sql);
    expect(error?.details).toMatchObject({ line: 3, column: 7, token: 'city', max_clauses: MAX_CLAUSES });
    expect(error?.message).toMatch(
      /^Line 3, column 7, at "city": the query is too complex for the search engine/,
    );
  });

  it('stops there too when that pattern has a literal backslash (sent as a regexp)', () => {
    // About 800 automaton states: within the bound on those (regexp-cost.ts), not on clauses.
    const sql = `SELECT * FROM people WHERE full_name ILIKE '%${long(1)}%'\n  AND job_title ILIKE '%${long(2)}%'\n  AND city ILIKE '%${long(3)}\\\\%'`;
    expect(refusal(sql)?.details).toMatchObject({
      line: 3,
      column: 7,
      token: 'city',
      max_clauses: MAX_CLAUSES,
    });
  });
});
