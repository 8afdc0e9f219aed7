/**
 * Why a match was returned at its confidence: one entry per comparison the matcher made, with
 * the bits it added, and one per request field that could not be compared (the record holds no
 * value for it). Person and company evidence share this shape (docs/enrichment.md, Evidence).
 */

export const EVIDENCE_OUTCOMES = ['agreed', 'disagreed', 'unknown'] as const;
export type EvidenceOutcome = (typeof EVIDENCE_OUTCOMES)[number];

export interface MatchEvidence {
  /** The request field the comparison read (the first of them when it read several). */
  field: string;
  /** The comparison made (a key of the matcher's weight table); null when none could be. */
  comparison: string | null;
  outcome: EvidenceOutcome;
  /** The agreement level reached (exact, nickname, close, past, disagree…); null when unknown. */
  level: string | null;
  /** Bits added to the match weight, rounded to 2 decimals; 0 when unknown. */
  weight: number;
}

/** A comparison made, with the bits it added as scored. */
export interface WeighedComparison {
  field: string;
  comparison: string;
  level: string;
  bits: number;
  /** The level counts against the match (its m < u), as `disagree` does; by default only `disagree`. */
  against?: boolean;
}

const round = (bits: number): number => Math.round(bits * 100) / 100 || 0;

/** Every level but `disagree` is some agreement, the level saying how close, unless `against` says otherwise. */
const outcomeOf = (c: WeighedComparison): EvidenceOutcome =>
  (c.against ?? c.level === 'disagree') ? 'disagreed' : 'agreed';

/**
 * Compared entries, then the fields in `unknown`, ordered by their field's place in `order`
 * (the request's field order); comparisons of one field keep the order they were made in.
 */
export function evidenceOf(
  compared: readonly WeighedComparison[],
  unknown: readonly string[],
  order: readonly string[],
): MatchEvidence[] {
  const entries: MatchEvidence[] = compared.map((c) => ({
    field: c.field,
    comparison: c.comparison,
    outcome: outcomeOf(c),
    level: c.level,
    weight: round(c.bits),
  }));
  for (const field of unknown)
    entries.push({ field, comparison: null, outcome: 'unknown', level: null, weight: 0 });
  const rank = (field: string) => {
    const i = order.indexOf(field);
    return i < 0 ? order.length : i;
  };
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => rank(a.entry.field) - rank(b.entry.field) || a.i - b.i)
    .map(({ entry }) => entry);
}
