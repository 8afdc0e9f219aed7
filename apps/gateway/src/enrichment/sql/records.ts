import type { DataSource } from 'typeorm';
import { type Prepared, runPrepared } from '@app/store';

type Table = 'person_records' | 'company_records';

const BY_ID: Record<Table, Prepared> = {
  person_records: {
    name: 'svc_person_records',
    text: `SELECT svc_id::text AS svc_id, record FROM person_records WHERE build_id = $1 AND svc_id = ANY($2::uuid[])`,
  },
  company_records: {
    name: 'svc_company_records',
    text: `SELECT svc_id::text AS svc_id, record FROM company_records WHERE build_id = $1 AND svc_id = ANY($2::uuid[])`,
  },
};

/** Full records of a build by svc_id, as a map (callers keep their own order). */
export async function loadRecords(
  db: DataSource,
  table: Table,
  buildId: string,
  svcIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (svcIds.length === 0) return new Map();
  const rows = await runPrepared<{ svc_id: string; record: Record<string, unknown> }>(db, BY_ID[table], [
    buildId,
    svcIds,
  ]);
  return new Map(rows.map((r) => [r.svc_id, r.record]));
}
