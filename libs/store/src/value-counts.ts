/**
 * How many people of a build hold each value of the columns name matching weighs by term
 * frequency (libs/matching FREQUENCY_COLUMNS and FREQUENCY_PAIRS), counted once when the build
 * is loaded. A build never changes, so the counts never go stale, and a name query reads its few
 * dozen values by primary key instead of counting them over person_records (12 ms of Postgres
 * per name query at 1,000,000 people).
 */
import { FREQUENCY_COLUMNS, FREQUENCY_PAIRS, type FrequencyColumn, type FrequencyPair } from '@app/matching';
import type { Prepared } from './prepared';

export type ValueCountKind = FrequencyColumn | FrequencyPair;
export const VALUE_COUNT_KINDS = [
  ...FREQUENCY_COLUMNS,
  ...(Object.keys(FREQUENCY_PAIRS) as FrequencyPair[]),
] as readonly ValueCountKind[];

/** A pair's value is its two columns joined by PAIR_SEPARATOR (U+001F), as the matcher asks for it. */
function valueExpression(kind: ValueCountKind): string {
  if ((FREQUENCY_COLUMNS as readonly string[]).includes(kind)) return kind;
  const [x, y] = FREQUENCY_PAIRS[kind as FrequencyPair];
  return `${x} || chr(31) || ${y}`;
}

/**
 * INSERT … SELECT of the counts of the builds `buildFilter` selects from person_records (run
 * inside the load's transaction for one build, or by the migration for every existing build).
 * NULL values are not counted: the matcher never asks for them.
 */
export function countPersonValuesSql(buildFilter: string): string {
  const parts = VALUE_COUNT_KINDS.map((kind) => {
    const value = valueExpression(kind);
    return `SELECT build_id, '${kind}', ${value}, count(*)::int FROM person_records
             WHERE ${buildFilter} AND ${value} IS NOT NULL GROUP BY build_id, ${value}`;
  });
  return `INSERT INTO person_value_counts (build_id, kind, value, n) ${parts.join(' UNION ALL ')}`;
}

/** The counts of some values of one build; values nobody holds have no row (count 0). */
export const VALUE_COUNTS: Prepared = {
  name: 'svc_person_value_counts',
  text: `
  SELECT c.kind, c.value, c.n
    FROM unnest($2::text[], $3::text[]) AS q(kind, value)
    JOIN person_value_counts c ON c.build_id = $1 AND c.kind = q.kind AND c.value = q.value`,
};
