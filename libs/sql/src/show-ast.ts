import { assertNever, AstNode } from './ast';

const value = (v: string | number | boolean) =>
  typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v);

/** A one-line S-expression of an AST: for logs, and for tests that read like the grammar they check. */
export function showAst(node: AstNode): string {
  switch (node.kind) {
    case 'and':
    case 'or':
      return `(${node.kind} ${node.operands.map(showAst).join(' ')})`;
    case 'not':
      return `(not ${showAst(node.operand)})`;
    case 'compare':
      return `(${node.op} ${node.column}:${node.columnKind} ${value(node.value)})`;
    case 'like':
      return `(${node.negated ? 'not-ilike' : 'ilike'} ${node.column} ${value(node.pattern)})`;
    case 'in':
      return `(${node.negated ? 'not-in' : 'in'} ${node.column}:${node.columnKind} ${node.values.map(value).join(' ')})`;
    case 'bool':
      return `(bool ${node.column} ${node.value})`;
    case 'nested':
      return `(nested ${node.column} ${node.op} ${value(node.value)})`;
    default:
      return assertNever(node);
  }
}
