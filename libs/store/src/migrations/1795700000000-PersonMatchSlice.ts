import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What name matching scores a candidate on (libs/matching StoredSlice), cut out of the record
 * once, when the row is written, instead of on every read: at 1,000,000 people a name query
 * decompressed ~130 candidate records (~9 KB each) to read a few hundred bytes of them, 15 ms
 * of Postgres per query. A generated column keeps one implementation for every writer (the
 * loader's COPY, tests, hand-written rows) and backfills existing builds when it is added.
 *
 * The function is IMMUTABLE (a generated column requires it): it reads only its argument.
 * `->>` gives text for any scalar and NULL for what is missing or not an object member; the
 * ordinality keeps the record's order.
 */
export const PERSON_MATCH_SLICE_FUNCTION = `
CREATE FUNCTION svc_person_match_slice(record jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'middle_name', coalesce(record->>'middle_name', ''),
    'birth_date', coalesce(record->>'birth_date', ''),
    'locations', coalesce((
      SELECT jsonb_agg(jsonb_build_array(
               coalesce(l->>'city', ''), coalesce(l->>'state_code', ''), coalesce(l->>'country_code', ''),
               coalesce(l->>'postal_code', ''), coalesce(l->'current' = 'true'::jsonb, false)) ORDER BY n)
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(record->'locations') = 'array' THEN record->'locations' END)
             WITH ORDINALITY AS x(l, n)), '[]'::jsonb),
    'jobs', coalesce((
      SELECT jsonb_agg(jsonb_build_array(
               coalesce(e->'organization'->'name'->>'cleaned', ''), coalesce(e->'organization'->>'website', ''),
               coalesce(e->'organization'->>'netx_url', ''), coalesce(e->'title'->>'cleaned', ''),
               coalesce(e->'current' = 'true'::jsonb, false)) ORDER BY n)
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(record->'experience') = 'array' THEN record->'experience' END)
             WITH ORDINALITY AS x(e, n)), '[]'::jsonb),
    'schools', coalesce((
      SELECT jsonb_agg(jsonb_build_array(
               coalesce(s->'organization'->'name'->>'cleaned', ''), coalesce(s->'organization'->>'website', ''),
               coalesce(s->'organization'->>'netx_url', '')) ORDER BY n)
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(record->'education') = 'array' THEN record->'education' END)
             WITH ORDINALITY AS x(s, n)), '[]'::jsonb))
$$`;

const EXPRESSION = 'svc_person_match_slice(record)';

/**
 * TypeORM keeps generated columns' expressions in its own `typeorm_metadata` table (its
 * migration runner creates the table) and compares entities against it: without this row the
 * schema would look out of date to it (test/cli.e2e-spec.ts checks there is no drift).
 */
async function metadataKey(q: QueryRunner): Promise<unknown[]> {
  const [{ schema }] = (await q.query(`SELECT current_schema() AS schema`)) as Array<{ schema: string }>;
  return [q.connection.driver.database ?? null, schema, 'person_records', 'GENERATED_COLUMN', 'match_slice'];
}

export class PersonMatchSlice1795700000000 implements MigrationInterface {
  name = 'PersonMatchSlice1795700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(PERSON_MATCH_SLICE_FUNCTION);
    await q.query(
      `ALTER TABLE person_records ADD COLUMN match_slice jsonb NOT NULL GENERATED ALWAYS AS (${EXPRESSION}) STORED`,
    );
    await q.query(
      `INSERT INTO typeorm_metadata ("database", "schema", "table", "type", "name", "value") VALUES ($1, $2, $3, $4, $5, $6)`,
      [...(await metadataKey(q)), EXPRESSION],
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM typeorm_metadata WHERE "database" IS NOT DISTINCT FROM $1 AND "schema" = $2 AND "table" = $3 AND "type" = $4 AND "name" = $5`,
      await metadataKey(q),
    );
    await q.query(`ALTER TABLE person_records DROP COLUMN match_slice`);
    await q.query(`DROP FUNCTION svc_person_match_slice(jsonb)`);
  }
}
