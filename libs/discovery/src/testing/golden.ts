import type { Entity } from '@app/contracts';
import { parseQuery } from '@app/sql';
import { interpret } from '../interpret';
import { toSql } from '../to-sql';
import type { Vocabulary } from '../vocabulary';
import { TEST_VOCABULARY, TODAY } from './vocabulary';

/**
 * A golden row: a description as people type it, the WHERE clause it must become ('' for
 * none), and the phrases it must report as not understood or not searchable (none when
 * omitted). The clause is compared as text, and parsed by the search parser too.
 */
export type GoldenRow = readonly [description: string, where: string, reported?: readonly string[]];

/** Checks a row against the served build `vocabulary` (TEST_VOCABULARY's unless given). */
export function checkGolden(
  entity: Entity,
  [description, where, reported = []]: GoldenRow,
  vocabulary: Vocabulary = TEST_VOCABULARY,
): void {
  const r = interpret(description, entity, { vocabulary, today: TODAY });
  const sql = r.filters.length > 0 ? toSql(r.filters, entity) : '';
  const prefix = `SELECT * FROM ${entity === 'person' ? 'people' : 'companies'} WHERE `;
  expect(sql === '' ? '' : sql.slice(prefix.length)).toBe(where);
  if (sql !== '') expect(parseQuery(sql, entity).entity).toBe(entity);
  expect([...r.ignored, ...r.unsupported.map((u) => u.phrase)]).toEqual(reported);
}

/** A describe block of golden rows, one test each, checked against `vocabulary`. */
export function describeGolden(
  title: string,
  entity: Entity,
  rows: readonly GoldenRow[],
  vocabulary: Vocabulary = TEST_VOCABULARY,
): void {
  describe(title, () => {
    it.each(rows.map((row) => [row[0], row] as const))('%s', (_description, row) =>
      checkGolden(entity, row, vocabulary),
    );
  });
}

/** The names of a curated industry set that TEST_VOCABULARY's build holds, in the set's order. */
export const held = (names: readonly string[]): string[] => {
  const stored = new Set(TEST_VOCABULARY.industries);
  return names.filter((n) => stored.has(n));
};

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
/** `col IN ('a', 'b')`, as toSql writes a list. */
export const isIn = (column: string, values: readonly string[]) => `${column} IN (${quoted(values)})`;
