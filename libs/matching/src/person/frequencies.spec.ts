import { levelBits } from '../fellegi-sunter';
import type { FrequencyCounts } from './candidate';
import { outcomeBits } from './frequencies';
import { PERSON_WEIGHTS } from './weights';

const counts = (domain: string, n: number) =>
  ({
    last_name: {},
    first_name: {},
    city: {},
    company_domain: { [domain]: n },
    first_last: {},
    last_city: {},
    last_company: {},
  }) as FrequencyCounts;

describe('outcomeBits: term frequencies', () => {
  const current = { comparison: 'company' as const, level: 'current', agreed: [], tfValue: 'rare.example' };
  const past = { ...current, level: 'past' };

  it('weighs a rare current employer by its share of people', () => {
    expect(outcomeBits(current, counts('rare.example', 3), 1_000_000)).toBeGreaterThan(
      levelBits(PERSON_WEIGHTS.company.current),
    );
  });

  it('never weighs a past employer above its level: its count is of current staff only', () => {
    const fallback = levelBits(PERSON_WEIGHTS.company.past);
    expect(outcomeBits(past, counts('rare.example', 3), 1_000_000)).toBeCloseTo(fallback, 9);
    // A common one still counts for less.
    expect(outcomeBits(past, counts('rare.example', 20_000), 1_000_000)).toBeLessThan(fallback);
  });
});
