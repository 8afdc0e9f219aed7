import { billableCount, freeOfCharge } from './billable';

describe('billableCount', () => {
  it('counts matches, or asks a Billable body', () => {
    expect(billableCount({ matches: [1, 2, 3], total: 9 })).toEqual({ free: false, matches: 3 });
    expect(billableCount({ matches: [], total: 0 })).toEqual({ free: false, matches: 0 });
    expect(billableCount({ results: [], billableMatches: () => 4 })).toEqual({ free: false, matches: 4 });
  });

  it('sees the free mark, which never reaches the JSON body', () => {
    const body = freeOfCharge({ matches: [], total: 0 });
    expect(billableCount(body)).toEqual({ free: true });
    expect(JSON.stringify(body)).toBe('{"matches":[],"total":0}');
  });

  it('refuses bodies it cannot count', () => {
    for (const body of [
      null,
      'text',
      3,
      {},
      { matches: 'x' },
      { billableMatches: () => -1 },
      { billableMatches: () => 1.5 },
    ]) {
      expect(billableCount(body)).toBeNull();
    }
  });
});
