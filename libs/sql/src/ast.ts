/**
 * The validated WHERE clause. Every node is frozen and only ever built by this module's
 * constructors, so a node that reaches the compiler has passed the column catalog.
 */

/** Where the predicate's column appears in the query (1-based). */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';
export type Scalar = string | number;

export interface AndNode {
  readonly kind: 'and';
  readonly operands: readonly AstNode[];
}
export interface OrNode {
  readonly kind: 'or';
  readonly operands: readonly AstNode[];
}
export interface NotNode {
  readonly kind: 'not';
  readonly operand: AstNode;
}
/** `=`/`!=` on text and enum columns (string values), any comparison on numeric ones. */
export interface CompareNode {
  readonly kind: 'compare';
  readonly column: string;
  readonly columnKind: 'text' | 'enum' | 'numeric';
  readonly op: CompareOp;
  readonly value: Scalar;
  readonly at: SourcePosition;
}
/** `[NOT] ILIKE` on a text column; `pattern` is the SQL pattern as written (`%`, `_`, `\` escapes). */
export interface LikeNode {
  readonly kind: 'like';
  readonly column: string;
  readonly pattern: string;
  readonly negated: boolean;
  readonly at: SourcePosition;
}
export interface InNode {
  readonly kind: 'in';
  readonly column: string;
  readonly columnKind: 'text' | 'enum' | 'numeric';
  readonly values: readonly Scalar[];
  readonly negated: boolean;
  readonly at: SourcePosition;
}
/** `col = true|false`; `col != true` is stored as `col = false`, the same predicate in SQL's logic. */
export interface BoolNode {
  readonly kind: 'bool';
  readonly column: string;
  readonly value: boolean;
  readonly at: SourcePosition;
}
/**
 * A cross-table condition: true when at least one element of the column's list matches.
 * `op: 'ilike'` carries a pattern of the form `%text%` or `text%`.
 */
export interface NestedNode {
  readonly kind: 'nested';
  readonly column: string;
  readonly op: 'ilike' | '=';
  readonly value: string;
  readonly at: SourcePosition;
}

export type PredicateNode = CompareNode | LikeNode | InNode | BoolNode | NestedNode;
export type AstNode = AndNode | OrNode | NotNode | PredicateNode;

export interface ParsedQuery {
  readonly entity: Entity;
  readonly where: AstNode;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

type Fields<N> = Omit<N, 'kind'>;

export const and = (operands: readonly AstNode[]): AndNode =>
  deepFreeze({ kind: 'and', operands: [...operands] });
export const or = (operands: readonly AstNode[]): OrNode =>
  deepFreeze({ kind: 'or', operands: [...operands] });
export const not = (operand: AstNode): NotNode => deepFreeze({ kind: 'not', operand });
export const compare = (f: Fields<CompareNode>): CompareNode => deepFreeze({ kind: 'compare', ...f });
export const like = (f: Fields<LikeNode>): LikeNode => deepFreeze({ kind: 'like', ...f });
export const inList = (f: Fields<InNode>): InNode => deepFreeze({ kind: 'in', ...f, values: [...f.values] });
export const bool = (f: Fields<BoolNode>): BoolNode => deepFreeze({ kind: 'bool', ...f });
export const nested = (f: Fields<NestedNode>): NestedNode => deepFreeze({ kind: 'nested', ...f });
export const parsedQuery = (entity: Entity, where: AstNode): ParsedQuery => deepFreeze({ entity, where });

/** Makes a `switch` over node kinds exhaustive: a new kind that is not handled fails to compile. */
export function assertNever(node: never): never {
  throw new Error(`unhandled AST node ${JSON.stringify(node)}`);
}
import { Entity } from '@app/contracts';
