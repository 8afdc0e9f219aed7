import { parseQuery } from '@app/sql';
import { QueryFeatures, queryFeatures } from './query-features';

describe('queryFeatures', () => {
  const sparse = new Set(['city', 'age', 'is_decision_maker', 'skills']);
  const none: QueryFeatures = {
    not: false,
    notEqual: false,
    or: false,
    sparse: false,
    negatedSparse: false,
    notCrossTable: false,
  };
  it.each<[string, Partial<QueryFeatures>]>([
    ["job_title = 'x'", {}],
    ["city = 'x'", { sparse: true }],
    ["city != 'x'", { notEqual: true, sparse: true, negatedSparse: true }],
    ["job_title <> 'x'", { notEqual: true }],
    ["NOT (city != 'x')", { not: true, notEqual: true, sparse: true }],
    ["NOT (NOT (city = 'x'))", { not: true, sparse: true }],
    ['NOT (age > 30)', { not: true, sparse: true, negatedSparse: true }],
    ["age NOT IN (1, 2) OR job_title = 'x'", { or: true, sparse: true, negatedSparse: true }],
    ["city NOT ILIKE '%x%'", { sparse: true, negatedSparse: true }],
    ['is_decision_maker = false', { sparse: true, negatedSparse: true }],
    ['is_decision_maker != true', { sparse: true, negatedSparse: true }],
    ['NOT (is_decision_maker = false)', { not: true, sparse: true }],
    ["NOT (skills = 'go')", { not: true, sparse: true, notCrossTable: true }],
    [
      "NOT (languages = 'go' AND city = 'x')",
      { not: true, sparse: true, negatedSparse: true, notCrossTable: true },
    ],
  ])('%s', (where, expected) => {
    expect(queryFeatures(parseQuery(`SELECT * FROM people WHERE ${where}`).where, sparse)).toEqual({
      ...none,
      ...expected,
    });
  });
});
