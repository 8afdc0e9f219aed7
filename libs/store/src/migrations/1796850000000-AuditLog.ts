import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log of operator and admin actions (libs/store/src/audit; docs/operations.md, "Audit
 * log"). Append-only, enforced twice: UPDATE, DELETE and TRUNCATE are revoked from PUBLIC and from
 * the role that migrates (the application's), and, because a superuser (the usual role under trust
 * auth) bypasses grants, row triggers refuse UPDATE and DELETE and a statement trigger refuses
 * TRUNCATE, all with SQLSTATE 42501 (insufficient_privilege). No foreign keys: a row outlives the
 * team or account it names, and an ON DELETE action would have to update it.
 *
 * Every name is qualified with the migrating schema, so each schema (an e2e suite's own, say) has
 * its own function and triggers and down() drops exactly those.
 */
export class AuditLog1796850000000 implements MigrationInterface {
  name = 'AuditLog1796850000000';

  public async up(q: QueryRunner): Promise<void> {
    const s = await schemaOf(q);
    await q.query(`
      CREATE TABLE ${s}.audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_kind text NOT NULL,
        actor_id text NOT NULL,
        actor_name text,
        action text NOT NULL,
        team_id integer,
        target text,
        before jsonb,
        after jsonb
      )`);
    await q.query(`CREATE INDEX audit_log_at ON ${s}.audit_log (at)`);
    await q.query(`CREATE INDEX audit_log_team_at ON ${s}.audit_log (team_id, at)`);
    await q.query(`REVOKE UPDATE, DELETE, TRUNCATE ON ${s}.audit_log FROM PUBLIC`);
    await q.query(`REVOKE UPDATE, DELETE, TRUNCATE ON ${s}.audit_log FROM CURRENT_USER`);
    await q.query(`
      CREATE FUNCTION ${s}.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await q.query(`
      CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON ${s}.audit_log
        FOR EACH ROW EXECUTE FUNCTION ${s}.audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON ${s}.audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_log_append_only()`);
  }

  public async down(q: QueryRunner): Promise<void> {
    const s = await schemaOf(q);
    await q.query(`DROP TABLE IF EXISTS ${s}.audit_log`); // its triggers go with it
    await q.query(`DROP FUNCTION IF EXISTS ${s}.audit_log_append_only()`);
  }
}

/** The schema the migration runs in (first on the search_path), quoted. */
async function schemaOf(q: QueryRunner): Promise<string> {
  const [row]: Array<{ s: string }> = await q.query(`SELECT quote_ident(current_schema()) AS s`);
  return row.s;
}
