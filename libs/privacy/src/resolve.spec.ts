import type { ScoredPerson } from '@app/matching';
import { identifiedPerson } from './resolve';

const scored = (svc_id: string, probability: number, confidence: ScoredPerson['confidence']) =>
  ({
    svc_id,
    probability,
    confidence,
    weight: 0,
    matched_on: [],
    match_type: 'exact',
    outcomes: [],
  }) as unknown as ScoredPerson;

describe('identifiedPerson', () => {
  it('names the one person enrichment answers with at moderate or better', () => {
    expect(identifiedPerson([scored('a', 0.99, 'high')])).toBe('a');
    expect(identifiedPerson([scored('a', 0.8, 'moderate'), scored('b', 0.1, 'low')])).toBe('a');
  });

  it('names nobody when the identifier spreads over several people, or matches weakly', () => {
    expect(identifiedPerson([scored('a', 0.45, 'moderate'), scored('b', 0.45, 'moderate')])).toBeNull();
    expect(identifiedPerson([scored('a', 0.3, 'low')])).toBeNull();
    expect(identifiedPerson([])).toBeNull();
  });
});
