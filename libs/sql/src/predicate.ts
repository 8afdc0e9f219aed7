import { IToken } from 'chevrotain';
import * as ast from './ast';

/** A predicate as written, before it is checked against the column catalog. */
export interface RawPredicate {
  readonly column: IToken;
  /** A comparison operator (known or not), ILIKE or IN. */
  readonly operator: IToken;
  /** NOT written before ILIKE or IN. */
  readonly not?: IToken;
  /** One value, or the IN list. */
  readonly values: readonly IToken[];
}

export type Operator = ast.CompareOp | 'ILIKE' | 'NOT ILIKE' | 'IN' | 'NOT IN';
