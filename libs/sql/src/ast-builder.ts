import { Entity } from '@app/contracts';
import { CstNode, IToken } from 'chevrotain';
import * as ast from './ast';
import { positionCursor } from './errors';

import { parser } from './parser';
import type { RawPredicate } from './predicate';
import { resolveTable, validatePredicate } from './validator';

interface BuildContext {
  readonly text: string;
  /** Where each predicate starts, visited left to right. */
  readonly position: (offset: number) => ast.SourcePosition;
  readonly expected?: Entity;
  readonly entity?: Entity;
}

type Ctx = Record<string, (CstNode | IToken)[] | undefined>;
type Operator = Omit<RawPredicate, 'column'>;

const nodes = (ctx: Ctx, key: string) => (ctx[key] ?? []) as CstNode[];
const token = (ctx: Ctx, key: string) => ctx[key]?.[0] as IToken | undefined;

const BaseVisitor = parser.getBaseCstVisitorConstructor<BuildContext, unknown>();

/**
 * CST → AST, one method per grammar rule. Predicates are validated as they are visited, left
 * to right, so the error reported is the first one in the query's text.
 */
class AstBuilder extends BaseVisitor {
  constructor() {
    super();
    this.validateVisitor();
  }

  statement(ctx: Ctx, c: BuildContext): ast.ParsedQuery {
    const entity = this.visit(nodes(ctx, 'tableName'), c) as Entity;
    return ast.parsedQuery(entity, this.visit(nodes(ctx, 'condition'), { ...c, entity }) as ast.AstNode);
  }

  selectList(): void {}

  tableName(ctx: Ctx, c: BuildContext): Entity {
    return resolveTable(c.text, token(ctx, 'Identifier')!, c.expected);
  }

  condition(ctx: Ctx, c: BuildContext): ast.AstNode {
    const operands = nodes(ctx, 'conjunction').map((n) => this.visit(n, c) as ast.AstNode);
    return operands.length === 1 ? operands[0] : ast.or(operands);
  }

  conjunction(ctx: Ctx, c: BuildContext): ast.AstNode {
    const operands = nodes(ctx, 'negation').map((n) => this.visit(n, c) as ast.AstNode);
    return operands.length === 1 ? operands[0] : ast.and(operands);
  }

  negation(ctx: Ctx, c: BuildContext): ast.AstNode {
    let node = this.visit(nodes(ctx, 'atom'), c) as ast.AstNode;
    for (let i = 0; i < (ctx.NOT?.length ?? 0); i++) node = ast.not(node);
    return node;
  }

  atom(ctx: Ctx, c: BuildContext): ast.AstNode {
    return this.visit(ctx.condition ? nodes(ctx, 'condition') : nodes(ctx, 'predicate'), c) as ast.AstNode;
  }

  predicate(ctx: Ctx, c: BuildContext): ast.PredicateNode {
    const operator = this.visit(nodes(ctx, 'predicateOperator'), c) as Operator;
    const column = token(ctx, 'Identifier')!;
    return validatePredicate(c.text, c.entity!, { column, ...operator }, c.position(column.startOffset));
  }

  predicateOperator(ctx: Ctx, c: BuildContext): Operator {
    const comparison = token(ctx, 'ComparisonOperator');
    if (comparison) return { operator: comparison, values: [this.visit(nodes(ctx, 'value'), c) as IToken] };
    return { ...(this.visit(nodes(ctx, 'matchOperator'), c) as Operator), not: token(ctx, 'NOT') };
  }

  matchOperator(ctx: Ctx, c: BuildContext): Operator {
    const ilike = token(ctx, 'ILIKE');
    if (ilike) return { operator: ilike, values: [this.visit(nodes(ctx, 'value'), c) as IToken] };
    return { operator: token(ctx, 'IN')!, values: this.visit(nodes(ctx, 'valueList'), c) as IToken[] };
  }

  valueList(ctx: Ctx, c: BuildContext): IToken[] {
    return nodes(ctx, 'value').map((n) => this.visit(n, c) as IToken);
  }

  value(ctx: Ctx): IToken {
    return Object.values(ctx).flat()[0] as IToken;
  }
}

const builder = new AstBuilder();

export function buildAst(cst: CstNode, text: string, expected?: Entity): ast.ParsedQuery {
  return builder.visit(cst, { text, expected, position: positionCursor(text) }) as ast.ParsedQuery;
}
