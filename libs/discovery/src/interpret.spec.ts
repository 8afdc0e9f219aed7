import { interpret } from './interpret';
import { TEST_VOCABULARY, TODAY } from './testing/vocabulary';

const run = (
  description: string,
  entity: 'person' | 'company' = 'person',
  today: string | Date | undefined = TODAY,
) => interpret(description, entity, { vocabulary: TEST_VOCABULARY, today });

describe('interpret: what it reports', () => {
  it('lists each recognised phrase as typed, as read (typos corrected) and with its filters', () => {
    const r = run('Sofware Engineers not at Google');
    expect(r.recognised.map(({ phrase, read, negated }) => ({ phrase, read, negated }))).toEqual([
      { phrase: 'Sofware Engineers', read: 'software engineers', negated: false },
      { phrase: 'Google', read: 'google', negated: true },
    ]);
    expect(r.recognised[1].filters).toEqual([
      { kind: 'employer', anyOf: [{ by: 'name', value: 'google' }], negated: false },
    ]);
  });

  it('reports words it did not understand, in order, and never function words', () => {
    expect(run('please find me the blorp engineers who are zorbing in berlin').ignored).toEqual([
      'blorp',
      'zorbing',
    ]);
  });

  it('reports a negation that negates nothing it understood', () => {
    const r = run('engineers not blorp');
    expect(r.ignored).toEqual(['blorp', 'not']);
    expect(r.filters).toEqual([{ kind: 'title', anyOf: ['engineer'], negated: false }]);
  });

  it('reports a city the served build does not store instead of filtering on it', () => {
    expect(run('engineers in bombay').unsupported).toEqual([
      { phrase: 'bombay', reason: "the served build stores no city named 'mumbai'" },
    ]);
    // with no stored cities to go by, the city is searched
    expect(interpret('engineers in bombay', 'person').filters[1]).toEqual({
      kind: 'location',
      anyOf: [{ level: 'city', value: 'mumbai' }],
      negated: false,
    });
  });

  it('reports what it understood but cannot search, with the reason', () => {
    expect(run('fintech companies in berlin', 'company').unsupported).toEqual([
      { phrase: 'berlin', reason: 'company records have no location to search' },
    ]);
    expect(run('python developers', 'company').unsupported.map((u) => u.phrase)).toEqual([
      'python',
      'developers',
    ]);
  });

  it('counts relative dates from the date it is given, and reads no clock', () => {
    expect(run('companies founded in the last 5 years', 'company', '2030-01-01').filters).toEqual([
      { kind: 'range', measure: 'founded', gte: 2025, negated: false },
    ]);
    expect(
      run('companies founded in the last 5 years', 'company', new Date('2020-06-01T00:00:00Z')).filters,
    ).toEqual([{ kind: 'range', measure: 'founded', gte: 2015, negated: false }]);
    const undated = interpret('companies founded in the last 5 years', 'company', {
      vocabulary: TEST_VOCABULARY,
    });
    expect(undated.filters).toEqual([]);
    expect(undated.unsupported).toEqual([
      { phrase: 'founded in the last 5 years', reason: 'a relative date needs the request date' },
    ]);
  });

  it('reads startups without the founding bound when it has no date', () => {
    expect(run('healthcare startups', 'company', 'not a date').filters.map((f) => f.kind)).toEqual([
      'industry',
      'company_size',
    ]);
  });

  it('returns frozen filters', () => {
    const r = run('senior engineers in berlin');
    expect(r.filters.every((f) => Object.isFrozen(f))).toBe(true);
  });

  it('keeps a description to the limits of one query, reporting what it left out', () => {
    const cities = [
      'berlin',
      'munich',
      'hamburg',
      'london',
      'paris',
      'chicago',
      'seattle',
      'toronto',
      'austin',
      'portland',
    ];
    const description = cities
      .map((c, i) => `engineers ${i} in ${c} not in ${cities[(i + 1) % cities.length]}`)
      .join(' and ');
    const r = run(description);
    expect(r.filters.length).toBeLessThanOrEqual(20);
    expect(r.unsupported.some((u) => u.reason === 'too many conditions for one query')).toBe(true);
  });
});
