import { QueryRunner } from 'typeorm';
import type { SearchEntity } from '@app/index';
import type { KeyRow } from './rows';

/**
 * Batched inserts inside the load's one transaction: each batch is a single JSON parameter
 * unpacked by jsonb_to_recordset, so Postgres parses it once and the driver builds no
 * per-row parameter lists.
 */
const RECORD_SQL: Record<SearchEntity, string> = {
  person: `INSERT INTO person_records (build_id, svc_id, record, full_name, first_name, last_name, city, state_code, country_code, company_domain, birth_year)
    SELECT $1, x.svc_id, x.record, x.full_name, x.first_name, x.last_name, x.city, x.state_code, x.country_code, x.company_domain, x.birth_year
    FROM jsonb_to_recordset($2::jsonb) AS x(svc_id uuid, record jsonb, full_name text, first_name text, last_name text, city text,
      state_code text, country_code text, company_domain text, birth_year integer)`,
  company: `INSERT INTO company_records (build_id, svc_id, record, name, domain, netx_id, netx_url, ticker)
    SELECT $1, x.svc_id, x.record, x.name, x.domain, x.netx_id, x.netx_url, x.ticker
    FROM jsonb_to_recordset($2::jsonb) AS x(svc_id uuid, record jsonb, name text, domain text, netx_id text, netx_url text, ticker text)`,
};

const KEY_TABLE: Record<SearchEntity, string> = {
  person: 'person_match_keys',
  company: 'company_match_keys',
};

/** A record row: extracted columns plus the record's JSON text as read (re-serializing ~7 KB records would dominate the load). */
export interface RecordRow {
  columns: { svc_id: string };
  json: string;
}

function rowsJson(rows: RecordRow[]): string {
  const parts = rows.map((r) => `{"record":${r.json},${JSON.stringify(r.columns).slice(1)}`);
  return `[${parts.join(',')}]`;
}

export async function insertRecords(
  runner: QueryRunner,
  entity: SearchEntity,
  buildId: string,
  rows: RecordRow[],
  keys: KeyRow<string>[],
): Promise<void> {
  if (rows.length === 0) return;
  await runner.query(RECORD_SQL[entity], [buildId, rowsJson(rows)]);
  if (keys.length === 0) return;
  await runner.query(
    `INSERT INTO ${KEY_TABLE[entity]} (build_id, kind, value, svc_id, current)
     SELECT $1, x.kind, x.value, x.svc_id, x.current
     FROM jsonb_to_recordset($2::jsonb) AS x(kind text, value text, svc_id uuid, current boolean)
     ON CONFLICT DO NOTHING`,
    [buildId, JSON.stringify(keys)],
  );
}

/** A re-load of a build replaces its rows; other transactions keep seeing the old ones until commit. */
export async function clearBuildRows(runner: QueryRunner, buildId: string): Promise<void> {
  for (const table of ['person_match_keys', 'person_records', 'company_match_keys', 'company_records']) {
    await runner.query(`DELETE FROM ${table} WHERE build_id = $1`, [buildId]);
  }
}
