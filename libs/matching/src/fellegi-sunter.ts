/**
 * Fellegi–Sunter arithmetic shared by the person and company matchers.
 *
 * Each comparison of an input field with a candidate falls into one level (exact, close,
 * nickname, disagree…). A level has m = P(level | same entity) and u = P(level | different
 * entities); it adds log2(m / u) bits to the candidate's match weight. A missing field adds 0.
 * The weights are summed with the prior log-odds that a random record is the one sought, and
 * the candidates of one query compete: at most one record is the entity described, so
 *
 *   p_i = 2^(W_i + prior) / (1 + Σ_j 2^(W_j + prior))
 *
 * where the 1 stands for "none of them". Two equally good candidates therefore share the
 * probability, and conflicting identifiers (email → A, phone → B) lower both.
 */
import type { Confidence } from '@app/contracts';

export interface Level {
  /** P(this level | the records are the same entity). */
  m: number;
  /** P(this level | the records are different entities). */
  u: number;
}

export function levelBits(level: Level): number {
  return Math.log2(level.m / level.u);
}

/**
 * Term-frequency u: the share of records carrying this value. Clamped around the comparison's
 * usual u, because in a small build (the sandbox has five people) a share says little about
 * how common a name is in the world, and a weight must never flip sign on such noise.
 */
export function frequencyU(count: number | undefined, population: number, fallback: number): number {
  if (count === undefined || population <= 0) return fallback;
  const share = Math.max(count, 1) / population;
  return Math.min(fallback * 10, 0.5, Math.max(fallback / 1000, share));
}

/** Prior log2-odds that one given record of a population of `n` is the entity sought. */
export function priorBits(population: number): number {
  return -Math.log2(Math.max(population, 1));
}

/** Posterior probabilities of competing candidates (see the file comment). */
export function posteriors(weights: readonly number[], prior: number): number[] {
  if (weights.length === 0) return [];
  const z = weights.map((w) => w + prior);
  const top = Math.max(0, ...z);
  const none = 2 ** -top;
  const odds = z.map((v) => 2 ** (v - top));
  const total = none + odds.reduce((a, b) => a + b, 0);
  return odds.map((o) => o / total);
}

/**
 * Confidence bands over the posterior probability. A candidate below `low` is not a match and
 * is not returned. docs/enrichment.md records how these were set against the benchmark.
 */
export const CONFIDENCE_THRESHOLDS: Readonly<Record<Confidence, number>> = Object.freeze({
  high: 0.95,
  moderate: 0.7,
  low: 0.2,
});

export function confidenceOf(probability: number): Confidence | null {
  if (probability >= CONFIDENCE_THRESHOLDS.high) return 'high';
  if (probability >= CONFIDENCE_THRESHOLDS.moderate) return 'moderate';
  if (probability >= CONFIDENCE_THRESHOLDS.low) return 'low';
  return null;
}

const RANK: Readonly<Record<Confidence, number>> = { high: 3, moderate: 2, low: 1 };

export function atLeast(confidence: Confidence, minimum: Confidence | undefined): boolean {
  return minimum === undefined || RANK[confidence] >= RANK[minimum];
}
