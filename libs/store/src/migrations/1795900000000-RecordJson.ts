import { Entity } from '@app/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { FrozenNode, RECORD_JSON_ORDER } from './record-json-order';

const TABLES: ReadonlyArray<readonly [string, Entity]> = [
  ['person_records', 'person'],
  ['company_records', 'company'],
];
const BATCH = 1000;

/**
 * `record_json`: each record as the API serves it, JSON text with its keys in SPEC.md order.
 * jsonb keeps its keys in its own order, so serving `record` meant, per request and per ~9 KB
 * record, jsonb output in Postgres, a parse, a re-ordering copy and a re-serialization in the
 * gateway (a sixth of an email enrichment's gateway CPU at 1,000,000 people, plus its
 * garbage); the text goes into the response as it is. `record` stays: SQL reads fields out of it (match_slice, reports,
 * the search reference) and it is what the loader was given.
 *
 * The loader writes both; this migration fills the text of builds already loaded, in batches,
 * in the key order of the day (frozen beside it, so later field-order changes do not change what
 * this migration writes), then makes it required.
 */
export class RecordJson1795900000000 implements MigrationInterface {
  name = 'RecordJson1795900000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const [table, entity] of TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN record_json text`);
      await q.query(`
        DO $$ BEGIN
          ALTER TABLE ${table} ALTER COLUMN record_json SET COMPRESSION lz4;
        EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
          RAISE NOTICE 'lz4 not available, ${table}.record_json keeps the default compression';
        END $$`);
      await backfill(q, table, entity);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN record_json SET NOT NULL`);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const [table] of TABLES) await q.query(`ALTER TABLE ${table} DROP COLUMN record_json`);
  }
}

async function backfill(q: QueryRunner, table: string, entity: Entity): Promise<void> {
  // Keyset pages along the primary key: each page is an index range scan, never a sort.
  let after: [string, string] = ['', '00000000-0000-0000-0000-000000000000'];
  for (;;) {
    const rows: Array<{ build_id: string; svc_id: string; record: object }> = await q.query(
      `SELECT t.build_id, t.svc_id::text AS svc_id, t.record FROM ${table} t
        WHERE (t.build_id, t.svc_id) > ($1::text, $2::uuid)
        ORDER BY t.build_id, t.svc_id LIMIT ${BATCH}`,
      after,
    );
    if (rows.length === 0) return;
    await q.query(
      `UPDATE ${table} t SET record_json = v.json
         FROM unnest($1::text[], $2::uuid[], $3::text[]) AS v(build_id, svc_id, json)
        WHERE t.build_id = v.build_id AND t.svc_id = v.svc_id`,
      [
        rows.map((r) => r.build_id),
        rows.map((r) => r.svc_id),
        rows.map((r) => JSON.stringify(ordered(r.record, RECORD_JSON_ORDER[entity]))),
      ],
    );
    const last = rows[rows.length - 1];
    after = [last.build_id, last.svc_id];
  }
}

/** `value` with its object keys in the frozen order; keys the order does not know follow in their own order. */
function ordered(value: unknown, node: FrozenNode | null): unknown {
  if (Array.isArray(value)) return value.map((v) => ordered(v, node));
  if (value === null || typeof value !== 'object' || node === null) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) if (key in source) out[key] = ordered(source[key], node[key]);
  for (const key of Object.keys(source)) if (!(key in out)) out[key] = source[key];
  return out;
}
