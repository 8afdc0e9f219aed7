import { ENTITIES, Entity } from '@app/contracts';
import { IToken, tokenMatcher } from 'chevrotain';
import * as ast from './ast';
import { ColumnInfo, columnNames, lookupColumn, TABLE_OF } from './catalog';
import { sqlError, tokenSite } from './errors';
import { readLiteral } from './literals';
import { crossTable } from './cross-table';
import { Equals, Greater, GreaterEq, Ilike, In, Less, LessEq, NotEquals } from './lexer';
import { boolPredicate, enumPredicate, numericPredicate, textPredicate } from './scalar-predicates';
import { closest } from './suggest';
import type { Operator, RawPredicate } from './predicate';

type ScalarKind = Exclude<ColumnInfo['kind'], 'nested'>;

const ALLOWED: Record<ScalarKind, readonly Operator[]> = {
  text: ['ILIKE', 'NOT ILIKE', '=', '!=', 'IN', 'NOT IN'],
  numeric: ['=', '!=', '<', '<=', '>', '>=', 'IN', 'NOT IN'],
  // SPEC.md names = and IN; != and NOT IN are their negations and cost nothing extra.
  enum: ['=', '!=', 'IN', 'NOT IN'],
  boolean: ['=', '!='],
};
/** The operators each scalar column kind takes, as error messages (and the MCP column catalog) show them. */
export const SHOWN: Readonly<Record<ScalarKind, string>> = {
  text: 'ILIKE, NOT ILIKE, =, != (or <>), IN, NOT IN',
  numeric: '=, != (or <>), <, <=, >, >=, IN, NOT IN',
  enum: '=, != (or <>), IN, NOT IN',
  boolean: '= true, = false, != true, != false',
};
const KIND_NAME: Record<ScalarKind, string> = {
  text: 'a text',
  numeric: 'a numeric',
  enum: 'an enum',
  boolean: 'a boolean',
};
const ALL_OPERATORS = '=, !=, <>, <, <=, >, >=, ILIKE, NOT ILIKE, IN, NOT IN';

function operatorOf(raw: RawPredicate): Operator | undefined {
  const t = raw.operator;
  if (tokenMatcher(t, Ilike)) return raw.not ? 'NOT ILIKE' : 'ILIKE';
  if (tokenMatcher(t, In)) return raw.not ? 'NOT IN' : 'IN';
  const ops: [typeof Equals, ast.CompareOp][] = [
    [Equals, '='],
    [NotEquals, '!='],
    [Less, '<'],
    [LessEq, '<='],
    [Greater, '>'],
    [GreaterEq, '>='],
  ];
  return ops.find(([type]) => tokenMatcher(t, type))?.[1];
}

/** Resolves `FROM <table>`; `expected` is the entity of the endpoint the query was sent to. */
export function resolveTable(text: string, token: IToken, expected?: Entity): Entity {
  const entity = ENTITIES.find((e) => TABLE_OF[e] === token.image.toLowerCase());
  if (!entity) {
    const hint = closest(token.image, Object.values(TABLE_OF), 1);
    const singular = ENTITIES.find((e) => token.image.toLowerCase().startsWith(e));
    if (singular) hint.splice(0, 1, TABLE_OF[singular]);
    throw sqlError(
      text,
      tokenSite(token),
      `unknown table ${token.image}; the tables are people and companies${hint.length ? ` (did you mean ${hint[0]}?)` : ''}`,
      {
        tables: Object.values(TABLE_OF),
      },
    );
  }
  if (expected && entity !== expected) {
    throw sqlError(
      text,
      tokenSite(token),
      `this endpoint searches ${TABLE_OF[expected]}: write FROM ${TABLE_OF[expected]}`,
      {
        tables: [TABLE_OF[expected]],
      },
    );
  }
  return entity;
}

function resolveColumn(text: string, entity: Entity, token: IToken): ColumnInfo {
  const column = lookupColumn(entity, token.image);
  if (column) return column;
  const names = columnNames(entity);
  const suggestions = closest(token.image, names);
  const other = ENTITIES.find((e) => e !== entity && lookupColumn(e, token.image));
  const why = other
    ? ` (it is a column of ${TABLE_OF[other]})`
    : suggestions.length
      ? `; did you mean ${suggestions.join(', ')}?`
      : '';
  throw sqlError(text, tokenSite(token), `unknown column ${token.image} in ${TABLE_OF[entity]}${why}`, {
    suggestions,
    columns: names,
  });
}

/**
 * Checks one predicate against the catalog and returns its AST node, or throws the first problem;
 * `at` is where its column is written.
 */
export function validatePredicate(
  text: string,
  entity: Entity,
  raw: RawPredicate,
  at: ast.SourcePosition,
): ast.PredicateNode {
  const column = resolveColumn(text, entity, raw.column);
  const op = operatorOf(raw);
  const opToken = raw.not ?? raw.operator;
  const opImage = raw.not ? `NOT ${raw.operator.image.toUpperCase()}` : raw.operator.image.toUpperCase();
  if (column.kind === 'nested') return crossTable(text, column, raw, op, at, opImage);

  if (!op || !ALLOWED[column.kind].includes(op)) {
    const allowed = SHOWN[column.kind];
    const message = op
      ? `${opImage} is not allowed on ${column.name}, ${KIND_NAME[column.kind]} column; it takes ${allowed}`
      : `unknown operator ${raw.operator.image}; the operators are ${ALL_OPERATORS}, and ${column.name} takes ${allowed}`;
    throw sqlError(text, tokenSite(opToken), message, { allowed: allowed.split(', ') });
  }
  const literals = raw.values.map((v) => readLiteral(text, v));
  switch (column.kind) {
    case 'text':
      return textPredicate(text, column, op, literals, at);
    case 'numeric':
      return numericPredicate(text, column, op, literals, at);
    case 'enum':
      return enumPredicate(text, column, op, literals, at);
    case 'boolean':
      return boolPredicate(text, column, op, literals[0], at);
  }
}
