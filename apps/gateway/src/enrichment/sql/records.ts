import type { DataSource } from 'typeorm';

type Table = 'person_records' | 'company_records';

/** Full records of a build by svc_id, as a map (callers keep their own order). */
export async function loadRecords(
  db: DataSource,
  table: Table,
  buildId: string,
  svcIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (svcIds.length === 0) return new Map();
  const rows: Array<{ svc_id: string; record: Record<string, unknown> }> = await db.query(
    `SELECT svc_id::text AS svc_id, record FROM ${table} WHERE build_id = $1 AND svc_id = ANY($2::uuid[])`,
    [buildId, svcIds],
  );
  return new Map(rows.map((r) => [r.svc_id, r.record]));
}
