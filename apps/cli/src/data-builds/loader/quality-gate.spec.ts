import { GateInput, judgeBuild } from './quality-gate';

const input = (over: Partial<GateInput>): GateInput => ({
  people: { loaded: 100, rejected: 0, kept: 0 },
  companies: { loaded: 10, rejected: 0, kept: 0 },
  served: null,
  maxRejectedPercent: 1,
  maxShrinkPercent: 10,
  ...over,
});

describe('quality gate: shrinking', () => {
  it('refuses a build serving more than --max-shrink percent fewer people or companies than now', () => {
    const verdict = judgeBuild(input({ served: { people: 1000, companies: 10 } }));
    expect(verdict).toMatchObject({
      passed: false,
      shrink_percent: { people: 90, companies: 0 },
      max_shrink_percent: 10,
      failures: ['people would shrink from 1000 served to 100 (90 %), above --max-shrink 10 %'],
    });
    expect(judgeBuild(input({ served: { people: 100, companies: 12 } })).failures).toEqual([
      'companies would shrink from 12 served to 10 (16.667 %), above --max-shrink 10 %',
    ]);
  });

  it('lets a build shrink up to --max-shrink, grow freely, and shrink by anything at 100', () => {
    expect(judgeBuild(input({ served: { people: 111, companies: 11 } })).passed).toBe(true);
    expect(judgeBuild(input({ served: { people: 5, companies: 1 } })).shrink_percent).toEqual({
      people: 0,
      companies: 0,
    });
    expect(
      judgeBuild(input({ served: { people: 10_000, companies: 10_000 }, maxShrinkPercent: 100 })).passed,
    ).toBe(true);
  });

  it('has nothing to compare with when no build serves', () => {
    expect(judgeBuild(input({ companies: { loaded: 0, rejected: 0, kept: 0 } })).passed).toBe(true);
  });

  it('counts records kept from the serving build (an entity without a file) as served', () => {
    const verdict = judgeBuild(
      input({
        people: { loaded: 0, rejected: 0, kept: 1000 },
        served: { people: 1000, companies: 10 },
      }),
    );
    expect(verdict).toMatchObject({ passed: true, shrink_percent: { people: 0, companies: 0 } });
    // An empty companies file is not a missing one: it empties them, and is refused.
    expect(
      judgeBuild(
        input({ companies: { loaded: 0, rejected: 0, kept: 0 }, served: { people: 100, companies: 10 } }),
      ).failures,
    ).toEqual(['companies would shrink from 10 served to 0 (100 %), above --max-shrink 10 %']);
  });
});
