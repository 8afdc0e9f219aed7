import type { Queryable } from '../builds';

/**
 * The rows of a statement on either kind of connection the callers hold: TypeORM's query answers
 * the rows, a pg client (the job runner's transaction) a result object carrying them. TypeORM
 * answers [rows, count] to a top-level UPDATE or DELETE, so statements that return rows here
 * are SELECTs (over a data-modifying CTE where they change rows).
 */
export async function rowsOf<T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await q.query(sql, params);
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (Array.isArray(rows)) return rows as T[];
  throw new TypeError('a query answered neither rows nor a result with rows');
}
