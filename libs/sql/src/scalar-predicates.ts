import * as ast from './ast';
import type { ColumnInfo, NumericType } from './catalog';
import { quoteList, sqlError, tokenSite } from './errors';
import { parseLikePattern } from './like-pattern';
import { describeLiteral, Literal } from './literals';
import { closest } from './suggest';
import type { Operator } from './predicate';

// The typed predicates of text, numeric, enum and boolean columns, once the operator is allowed.

const INTEGER_RANGE: Record<NumericType, [number, number]> = {
  integer: [-2147483648, 2147483647],
  // Beyond 2^53 a JSON number cannot say which integer it means.
  long: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  double: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

function expectString(text: string, column: ColumnInfo, literal: Literal): string {
  if (literal.type === 'string') return literal.value;
  throw sqlError(
    text,
    tokenSite(literal.token),
    `${column.name} is a text column: compare it with text in single quotes, e.g. ${column.name} = '...' (found ${describeLiteral(literal)})`,
  );
}

export function textPredicate(
  text: string,
  column: ColumnInfo,
  op: Operator,
  literals: Literal[],
  at: ast.SourcePosition,
): ast.PredicateNode {
  const values = literals.map((l) => expectString(text, column, l));
  if (op === 'ILIKE' || op === 'NOT ILIKE') {
    checkPattern(text, literals[0]);
    return ast.like({ column: column.name, pattern: values[0], negated: op === 'NOT ILIKE', at });
  }
  if (op === 'IN' || op === 'NOT IN') {
    return ast.inList({
      column: column.name,
      columnKind: 'text',
      values: unique(values),
      negated: op === 'NOT IN',
      at,
    });
  }
  return ast.compare({
    column: column.name,
    columnKind: 'text',
    op: op as ast.CompareOp,
    value: values[0],
    at,
  });
}

/**
 * Longer patterns make OpenSearch's wildcard automaton too large to build; real searches are
 * far shorter, so the limit is a plain length rather than a model of the engine.
 */
export const MAX_PATTERN_LENGTH = 500;

export function checkPattern(text: string, literal: Literal): void {
  if (literal.type !== 'string') return;
  const length = [...literal.value].length;
  if (length > MAX_PATTERN_LENGTH) {
    throw sqlError(
      text,
      tokenSite(literal.token),
      `the ILIKE pattern is ${length} characters long; patterns are limited to ${MAX_PATTERN_LENGTH}`,
      { max_length: MAX_PATTERN_LENGTH },
    );
  }
  if (parseLikePattern(literal.value) === null) {
    throw sqlError(
      text,
      tokenSite(literal.token),
      'the ILIKE pattern ends with the escape character \\; write \\\\ for a literal backslash',
    );
  }
}

export function numericPredicate(
  text: string,
  column: ColumnInfo,
  op: Operator,
  literals: Literal[],
  at: ast.SourcePosition,
): ast.PredicateNode {
  const type = column.numericType ?? 'double';
  const values = literals.map((literal) => {
    if (literal.type !== 'number') {
      const example =
        literal.type === 'string' && /^-?\d+(\.\d+)?$/.test(literal.value.trim())
          ? literal.value.trim()
          : '10';
      throw sqlError(
        text,
        tokenSite(literal.token),
        `${column.name} is numeric: write the number without quotes, e.g. ${column.name} = ${example} (found ${describeLiteral(literal)})`,
      );
    }
    const [min, max] = INTEGER_RANGE[type];
    if (!Number.isFinite(literal.value) || literal.value < min || literal.value > max) {
      throw sqlError(
        text,
        tokenSite(literal.token),
        `${literal.token.image} is out of range for ${column.name}, a${type === 'integer' ? 'n' : ''} ${type} column (${min} to ${max})`,
        { min, max },
      );
    }
    return literal.value;
  });
  if (op === 'IN' || op === 'NOT IN') {
    return ast.inList({
      column: column.name,
      columnKind: 'numeric',
      values: unique(values),
      negated: op === 'NOT IN',
      at,
    });
  }
  return ast.compare({
    column: column.name,
    columnKind: 'numeric',
    op: op as ast.CompareOp,
    value: values[0],
    at,
  });
}

export function enumPredicate(
  text: string,
  column: ColumnInfo,
  op: Operator,
  literals: Literal[],
  at: ast.SourcePosition,
): ast.PredicateNode {
  const allowed = column.values ?? [];
  const values = literals.map((literal) => {
    const value = literal.type === 'string' ? literal.value.toLowerCase() : undefined;
    if (value !== undefined && allowed.includes(value)) return value;
    const hint = literal.type === 'string' ? closest(literal.value, allowed, 1) : [];
    const found =
      literal.type === 'string'
        ? `${literal.token.image} is not a value of ${column.name}`
        : `${column.name} takes text values, not ${describeLiteral(literal)}`;
    throw sqlError(
      text,
      tokenSite(literal.token),
      `${found}; it takes one of ${quoteList(allowed)}${hint.length ? ` (did you mean '${hint[0]}'?)` : ''}`,
      { values: allowed },
    );
  });
  if (op === 'IN' || op === 'NOT IN') {
    return ast.inList({
      column: column.name,
      columnKind: 'enum',
      values: unique(values),
      negated: op === 'NOT IN',
      at,
    });
  }
  return ast.compare({
    column: column.name,
    columnKind: 'enum',
    op: op as ast.CompareOp,
    value: values[0],
    at,
  });
}

export function boolPredicate(
  text: string,
  column: ColumnInfo,
  op: Operator,
  literal: Literal,
  at: ast.SourcePosition,
): ast.PredicateNode {
  if (literal.type !== 'boolean') {
    throw sqlError(
      text,
      tokenSite(literal.token),
      `${column.name} is boolean: compare it with true or false, without quotes (found ${describeLiteral(literal)})`,
    );
  }
  return ast.bool({ column: column.name, value: op === '=' ? literal.value : !literal.value, at });
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
