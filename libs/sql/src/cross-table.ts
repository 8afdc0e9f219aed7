import { IToken } from 'chevrotain';
import * as ast from './ast';
import type { ColumnInfo } from './catalog';
import { sqlError, tokenSite } from './errors';
import { crossTableShape, parseLikePattern } from './like-pattern';
import { describeLiteral, readLiteral } from './literals';
import { checkPattern } from './scalar-predicates';
import type { Operator, RawPredicate } from './predicate';

/** The forms a cross-table column takes (the last one is how to exclude). */
export const crossTableForms = (col: string) => [
  `${col} ILIKE '%text%'`,
  `${col} ILIKE 'text%'`,
  `${col} = 'value'`,
  `NOT (${col} ILIKE '%text%')`,
];

/** A cross-table column takes only `ILIKE '%text%'`, `ILIKE 'text%'` and `= 'value'` (SPEC.md). */
export function crossTable(
  text: string,
  column: ColumnInfo,
  raw: RawPredicate,
  op: Operator | undefined,
  at: ast.SourcePosition,
  opImage: string,
): ast.PredicateNode {
  const forms = crossTableForms(column.name);
  const refuse = (where: IToken, what: string) =>
    sqlError(
      text,
      tokenSite(where),
      `${what}; ${column.name} is a cross-table column and takes only ${forms.slice(0, 3).join(', ')}; exclude with ${forms[3]} and combine alternatives with OR`,
      { forms },
    );
  if (op !== '=' && op !== 'ILIKE') {
    throw refuse(
      raw.not ?? raw.operator,
      `${op ? opImage : raw.operator.image} is not supported on ${column.name}`,
    );
  }
  const literal = readLiteral(text, raw.values[0]);
  if (literal.type !== 'string') {
    throw refuse(
      literal.token,
      `${column.name} is compared with text in single quotes, not ${describeLiteral(literal)}`,
    );
  }
  if (op === 'ILIKE') {
    checkPattern(text, literal);
    if (!crossTableShape(parseLikePattern(literal.value)!)) {
      throw refuse(
        literal.token,
        `the pattern ${literal.token.image} is not one of the supported shapes '%text%' and 'text%'`,
      );
    }
  }
  return ast.nested({ column: column.name, op: op === '=' ? '=' : 'ilike', value: literal.value, at });
}
