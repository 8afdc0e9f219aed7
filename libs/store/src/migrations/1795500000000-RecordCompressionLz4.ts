import { MigrationInterface, QueryRunner } from 'typeorm';

const RECORD_COLUMNS = [
  ['person_records', 'record'],
  ['company_records', 'record'],
] as const;

/**
 * Records are ~9 KB of jsonb, so every one is compressed: lz4 writes them faster at load time
 * and, above all, decompresses the candidates enrichment reads several times faster than the
 * default pglz. A server built without lz4 keeps pglz (the statement fails there, harmlessly).
 * Applies to rows written from now on; existing rows keep their compression until re-loaded.
 */
export class RecordCompressionLz41795500000000 implements MigrationInterface {
  name = 'RecordCompressionLz41795500000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const [table, column] of RECORD_COLUMNS) {
      await q.query(`
        DO $$ BEGIN
          ALTER TABLE ${table} ALTER COLUMN ${column} SET COMPRESSION lz4;
        EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
          RAISE NOTICE 'lz4 not available, ${table}.${column} keeps the default compression';
        END $$`);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const [table, column] of RECORD_COLUMNS) {
      await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET COMPRESSION default`);
    }
  }
}
