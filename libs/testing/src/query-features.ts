import type { AstNode } from '@app/sql';

/** What one parsed query exercises of SQL's NULL logic, to check that a generated mix covers it. */
export interface QueryFeatures {
  /** An explicit NOT. */
  not: boolean;
  /** A `!=` or `<>` comparison (text, numeric or enum; a boolean's `!=` parses as `=`). */
  notEqual: boolean;
  /** An OR. */
  or: boolean;
  /** A predicate on one of the `sparse` columns. */
  sparse: boolean;
  /**
   * A predicate on a `sparse` scalar column that selects the FALSE side of a positive test:
   * `!=`, `NOT IN`, `NOT ILIKE` or a range under an odd number of NOTs (and not cancelled by
   * them), or a boolean `= false`. A row lacking the value is UNKNOWN there, not TRUE: where a
   * NULL logic written as a plain `must_not` goes wrong.
   */
  negatedSparse: boolean;
  /** An enclosing NOT over a cross-table column (NOT EXISTS: TRUE for an empty list). */
  notCrossTable: boolean;
}

export function queryFeatures(where: AstNode, sparse: ReadonlySet<string>): QueryFeatures {
  const f: QueryFeatures = {
    not: false,
    notEqual: false,
    or: false,
    sparse: false,
    negatedSparse: false,
    notCrossTable: false,
  };
  const walk = (n: AstNode, negations: number): void => {
    switch (n.kind) {
      case 'and':
        return n.operands.forEach((o) => walk(o, negations));
      case 'or':
        f.or = true;
        return n.operands.forEach((o) => walk(o, negations));
      case 'not':
        f.not = true;
        return walk(n.operand, negations + 1);
      default: {
        const negatedOp =
          (n.kind === 'compare' && n.op === '!=') || ((n.kind === 'in' || n.kind === 'like') && n.negated);
        if (n.kind === 'compare' && n.op === '!=') f.notEqual = true;
        if (n.kind === 'nested' && negations > 0) f.notCrossTable = true;
        if (!sparse.has(n.column)) return;
        f.sparse = true;
        // The query asks for the rows where the positive predicate is FALSE (`NOT (age > 30)`,
        // `city != 'x'`, `NOT (city NOT IN (…))` is not one, `flag = false` is).
        const falseSide = (negations % 2 === 1) !== (negatedOp || (n.kind === 'bool' && !n.value));
        if (n.kind !== 'nested' && falseSide) f.negatedSparse = true;
      }
    }
  };
  walk(where, 0);
  return f;
}
