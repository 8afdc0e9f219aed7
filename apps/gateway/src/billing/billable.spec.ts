import { RouteAnswer } from '../route-answer';
import { billableCount } from './billable';

describe('billableCount', () => {
  it('counts matches, or asks a Billable body', () => {
    expect(billableCount({ matches: [1, 2, 3], total: 9 })).toEqual({ free: false, matches: 3 });
    expect(billableCount({ matches: [], total: 0 })).toEqual({ free: false, matches: 0 });
    expect(billableCount({ results: [], billableMatches: () => 4 })).toEqual({ free: false, matches: 4 });
  });

  it("reads a RouteAnswer's own count, not its body's", () => {
    const body = { matches: [1, 2], total: 2 };
    expect(billableCount(new RouteAnswer(body, {}, 2))).toEqual({ free: false, matches: 2 });
    expect(billableCount(new RouteAnswer(body, {}, 0))).toEqual({ free: false, matches: 0 });
    expect(billableCount(new RouteAnswer({ matches: [], total: 0 }, {}, null))).toEqual({ free: true });
    expect(billableCount(new RouteAnswer(body, {}, -1))).toBeNull();
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
