import { NESTED_VALUE, WILDCARD_SUBFIELD, Entity } from '@app/contracts';
import { assertNever, AstNode, BoolNode, CompareNode, InNode, LikeNode, NestedNode } from './ast';
import { lookupColumn } from './catalog';
import * as q from './dsl';
import { needsRegexp, parseLikePattern, toRegexp, toWildcard } from './like-pattern';

/**
 * AST → OpenSearch query, with SQL's three-valued logic made explicit.
 *
 * `compile(node, true)` matches the rows where the condition is TRUE, `compile(node, false)`
 * those where it is FALSE; rows in neither are UNKNOWN (a NULL was involved). NOT swaps the
 * two, AND is TRUE when all operands are and FALSE when any is, OR the other way round. A
 * scalar predicate is FALSE only where its column has a value, so `NOT (city = 'x')` and
 * `city != 'x'` both leave out rows without a city, as in SQL. A cross-table predicate is
 * never UNKNOWN: it is TRUE when some element matches and FALSE otherwise (an empty list
 * included). The query sent is the TRUE side.
 */
export function compileQuery(where: AstNode, entity: Entity): q.QueryDsl {
  return compile(where, true, entity);
}

export function compile(node: AstNode, truth: boolean, entity: Entity): q.QueryDsl {
  switch (node.kind) {
    case 'and':
      return truth
        ? q.allOf(node.operands.map((o) => compile(o, true, entity)))
        : q.anyOf(node.operands.map((o) => compile(o, false, entity)));
    case 'or':
      return truth
        ? q.anyOf(node.operands.map((o) => compile(o, true, entity)))
        : q.allOf(node.operands.map((o) => compile(o, false, entity)));
    case 'not':
      return compile(node.operand, !truth, entity);
    case 'compare':
      return compare(checked(node, entity), truth);
    case 'like':
      return likeScalar(checked(node, entity), truth);
    case 'in':
      return inList(checked(node, entity), truth);
    case 'bool':
      return q.term(checked(node, entity).column, truth ? node.value : !node.value);
    case 'nested':
      return crossTable(checked(node, entity), truth);
    default:
      return assertNever(node);
  }
}

/** Sorting is the executor's: svc_id gives a stable order within a build, so offset paging is stable. */
export function searchSort(): [{ svc_id: 'asc' }] {
  return [{ svc_id: 'asc' }];
}

const KIND_OF_NODE = {
  compare: undefined,
  in: undefined,
  like: 'text',
  bool: 'boolean',
  nested: 'nested',
} as const;

// The AST constructors are public, so a hand-built node could name a column the index lacks.
function checked<N extends CompareNode | LikeNode | InNode | BoolNode | NestedNode>(
  node: N,
  entity: Entity,
): N {
  const column = lookupColumn(entity, node.column);
  const kind = KIND_OF_NODE[node.kind] ?? (node as CompareNode | InNode).columnKind;
  if (!column || column.name !== node.column || column.kind !== kind) {
    throw new Error(`column ${node.column} (${kind}) is not a ${entity} search column`);
  }
  return node;
}

/** The field whose presence makes a scalar predicate FALSE rather than UNKNOWN. */
function presence(column: string, columnKind: CompareNode['columnKind']): string {
  // A keyword drops values over `ignore_above`; the wildcard subfield keeps every value.
  return columnKind === 'text' ? `${column}.${WILDCARD_SUBFIELD}` : column;
}

function compare(node: CompareNode, truth: boolean): q.QueryDsl {
  const { column, value } = node;
  switch (node.op) {
    case '=':
    case '!=': {
      const equal = q.term(column, value);
      return truth === (node.op === '=') ? equal : q.presentButNot(presence(column, node.columnKind), equal);
    }
    // Among rows with a value, `<` and `>=` are exact complements, so FALSE needs no exists.
    case '<':
      return q.range(column, truth ? 'lt' : 'gte', value as number);
    case '<=':
      return q.range(column, truth ? 'lte' : 'gt', value as number);
    case '>':
      return q.range(column, truth ? 'gt' : 'lte', value as number);
    case '>=':
      return q.range(column, truth ? 'gte' : 'lt', value as number);
  }
}

function inList(node: InNode, truth: boolean): q.QueryDsl {
  const member = q.terms(node.column, node.values);
  return truth !== node.negated ? member : q.presentButNot(presence(node.column, node.columnKind), member);
}

function likeScalar(node: LikeNode, truth: boolean): q.QueryDsl {
  const matches = likeQuery(node.column, node.pattern);
  return truth !== node.negated ? matches : q.presentButNot(presence(node.column, 'text'), matches);
}

/** An ILIKE pattern on a text field (`field` is the keyword; its wildcard subfield is beside it). */
export function likeQuery(field: string, pattern: string): q.QueryDsl {
  const parts = parseLikePattern(pattern);
  if (parts === null) throw new Error(`invalid ILIKE pattern ${JSON.stringify(pattern)}`);
  // The wildcard field never matches an empty pattern, not even an empty value.
  if (parts.length === 0) return q.term(field, '');
  if (needsRegexp(parts)) return q.regexp(field, toRegexp(parts));
  return q.wildcard(`${field}.${WILDCARD_SUBFIELD}`, toWildcard(parts));
}

function crossTable(node: NestedNode, truth: boolean): q.QueryDsl {
  const value = `${node.column}.${NESTED_VALUE}`;
  const element = node.op === '=' ? q.term(value, node.value) : likeQuery(value, node.value);
  const some = q.nestedQuery(node.column, element);
  return truth ? some : q.none(some);
}
