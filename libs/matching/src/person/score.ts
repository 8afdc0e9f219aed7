import type { Confidence } from '@app/contracts';
import { confidenceOf, posteriors, priorBits } from '../fellegi-sunter';
import type { FrequencyCounts } from './candidate';
import type { Outcome } from './compare';
import { PERSON_MATCH_FIELDS, PersonMatchField } from './fields';
import { type Agreement, dependenceParts, levelOf, outcomeBits } from './frequencies';

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
  /**
   * The bits each outcome added, in the order of `outcomes`: log2(m/u), term-frequency adjusted,
   * plus the dependence correction of the agreement it made (dependenceParts). They sum to `weight`.
   */
  bits: number[];
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
  const bits = compared.map((c) => outcomeWeights(c, counts, population));
  const weights = bits.map((b) => b.reduce((sum, x) => sum + x, 0));
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
      bits: bits[i],
    });
  });
  return scored.sort(
    (a, b) => b.probability - a.probability || b.weight - a.weight || (a.svc_id < b.svc_id ? -1 : 1),
  );
}

/** Each outcome's bits, a dependence correction added to the (last) outcome whose agreement it corrects. */
function outcomeWeights(c: Comparable, counts: FrequencyCounts | null, population: number): number[] {
  const bits = c.outcomes.map((o) => outcomeBits(o, counts, population));
  const parts = dependenceParts(c.agreement, counts, population);
  const corrected = new Map<string, number>();
  c.outcomes.forEach((o, i) => {
    const tf = levelOf(o).tf;
    if (tf && o.tfValue) corrected.set(tf, i);
  });
  for (const [column, part] of Object.entries(parts)) {
    const i = corrected.get(column);
    if (i !== undefined) bits[i] += part;
  }
  return bits;
}
