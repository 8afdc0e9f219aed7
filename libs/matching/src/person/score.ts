import type { Confidence } from '@app/contracts';
import { confidenceOf, posteriors, priorBits } from '../fellegi-sunter';
import type { FrequencyCounts } from './candidate';
import type { Outcome } from './compare';
import { PERSON_MATCH_FIELDS, PersonMatchField } from './fields';
import { type Agreement, dependenceBits, outcomeBits } from './frequencies';

/** `exact`: a primary identifier (or svc_id) of the input is the candidate's; `probabilistic`: name and context only. */
export type MatchType = 'exact' | 'probabilistic';

export interface ScoredPerson {
  svc_id: string;
  /** Match weight in bits: the sum of the comparisons' log2(m/u). */
  weight: number;
  probability: number;
  confidence: Confidence;
  matched_on: PersonMatchField[];
  match_type: MatchType;
  outcomes: Outcome[];
}

export interface Comparable {
  svc_id: string;
  outcomes: Outcome[];
  /** agreementOf(outcomes). */
  agreement: Agreement;
}

/** Weights, competing posteriors and confidence; candidates below the `low` band are dropped. */
export function scoreCandidates(
  compared: readonly Comparable[],
  counts: FrequencyCounts | null,
  population: number,
): ScoredPerson[] {
  const weights = compared.map(
    (c) =>
      c.outcomes.reduce((sum, o) => sum + outcomeBits(o, counts, population), 0) +
      dependenceBits(c.agreement, counts, population),
  );
  const probabilities = posteriors(weights, priorBits(population));
  const scored: ScoredPerson[] = [];
  compared.forEach((c, i) => {
    const confidence = confidenceOf(probabilities[i]);
    if (!confidence) return;
    const agreed = new Set(c.outcomes.flatMap((o) => o.agreed));
    scored.push({
      svc_id: c.svc_id,
      weight: weights[i],
      probability: probabilities[i],
      confidence,
      matched_on: PERSON_MATCH_FIELDS.filter((f) => agreed.has(f)),
      match_type: c.outcomes.some((o) => o.identifier) ? 'exact' : 'probabilistic',
      outcomes: c.outcomes,
    });
  });
  return scored.sort(
    (a, b) => b.probability - a.probability || b.weight - a.weight || (a.svc_id < b.svc_id ? -1 : 1),
  );
}
