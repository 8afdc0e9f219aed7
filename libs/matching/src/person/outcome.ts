import type { PersonMatchField } from './fields';
import type { PersonComparison } from './weights';

/** One comparison of a query with a candidate, at the agreement level it reached. */
export interface Outcome {
  comparison: PersonComparison;
  level: string;
  /** Input fields this agreement rests on, for matched_on. */
  agreed: PersonMatchField[];
  /** The value whose frequency in the build replaces u, when the level is term-frequency adjusted. */
  tfValue?: string;
  /** An identifier agreed: the match is `exact`. */
  identifier?: boolean;
}
