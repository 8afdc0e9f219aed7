import { Entity } from '@app/contracts';
import { assertNever, AstNode } from './ast';
import { INDUSTRY_COLUMN } from './catalog';

/**
 * A requirement on the industry column: a row can satisfy the whole query only if its
 * industry is one of `values` (lowercase, as the index compares them).
 */
export interface IndustryFilter {
  readonly column: string;
  readonly values: readonly string[];
}

/**
 * The industry requirements a query cannot be TRUE without, for the "unsatisfiable industry"
 * rule: when no stored industry is among a filter's values, the page is empty for sure.
 * Only necessary conditions are returned: `industry = 'x' OR city = 'y'` gives none, since a
 * row can match through the city; `NOT (industry != 'x')` gives `['x']`. Each OR branch must
 * constrain the industry for the OR to yield a filter, and then its values are the union.
 */
export function industryFilters(where: AstNode, entity: Entity): IndustryFilter[] {
  const column = INDUSTRY_COLUMN[entity];
  return requirements(where, true, column).map((values) =>
    Object.freeze({ column, values: Object.freeze(values) }),
  );
}

/** Value sets S such that `node` evaluating to `truth` implies industry ∈ S, for each S. */
function requirements(node: AstNode, truth: boolean, column: string): string[][] {
  switch (node.kind) {
    case 'not':
      return requirements(node.operand, !truth, column);
    case 'and':
    case 'or':
      // AND is TRUE / OR is FALSE only if every operand is: every operand's requirements hold.
      return (node.kind === 'and') === truth
        ? node.operands.flatMap((o) => requirements(o, truth, column))
        : eitherOf(node.operands.map((o) => requirements(o, truth, column)));
    case 'compare':
      if (
        node.column !== column ||
        node.op === '<' ||
        node.op === '<=' ||
        node.op === '>' ||
        node.op === '>='
      )
        return [];
      // `=` TRUE and `!=` FALSE both mean the industry equals the value.
      return (node.op === '=') === truth ? [[lower(node.value)]] : [];
    case 'in':
      return node.column === column && truth !== node.negated ? [unique(node.values.map(lower))] : [];
    case 'like':
    case 'bool':
    case 'nested':
      return [];
    default:
      return assertNever(node);
  }
}

/** Some operand holds: the industry lies in the union over operands of what each one requires. */
function eitherOf(branches: string[][][]): string[][] {
  if (branches.some((b) => b.length === 0)) return [];
  const union = branches.flatMap((sets) => sets.reduce((acc, set) => acc.filter((v) => set.includes(v))));
  return [unique(union)];
}

const lower = (v: string | number) => String(v).toLowerCase();
const unique = (values: string[]) => [...new Set(values)];
