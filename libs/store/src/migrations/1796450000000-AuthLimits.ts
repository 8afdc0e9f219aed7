import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limits of the auth service (docs/agents.md, "Limits" and "Retention"):
 * - `auth_attempts` replaces `sign_in_failures`: attempts are counted before the password check
 *   (not failures after it), per scope and subject, and identity requests are counted there too.
 *   Recent failures carry over as attempts, so nobody's throttle resets at the upgrade.
 * - `agents.account_id` may be null: an identity request for an email nobody may approve agents
 *   with writes the same agent and claim as a real one, for no account (a decoy).
 * - `agent_claims.code_expires_at` is indexed for the purge of stale claims.
 */
/**
 * One attempt counted under every limit (parallel arrays: scope, subject, limit, window in
 * seconds), or under none when one is reached; libs/store/src/auth-attempts.ts calls it. A
 * function so that it is one statement: the subjects' advisory locks are taken (in ascending
 * key order, so two attempts sharing two subjects never wait crosswise), then the count and
 * insert run with a fresh snapshot that sees every attempt committed while waiting, and the
 * locks are released at the statement's commit, no client round trip while held.
 */
const COUNT_AUTH_ATTEMPT = `
  CREATE FUNCTION count_auth_attempt(scopes text[], subjects text[], limits int[], windows int[])
  RETURNS TABLE (scope text, lim int, secs int, n int, leaves_in int, ids text[])
  LANGUAGE plpgsql VOLATILE AS $fn$
  #variable_conflict use_column
  BEGIN
    PERFORM pg_advisory_xact_lock(s.k)
       FROM (SELECT DISTINCT hashtextextended(x.scope || E'\\n' || x.subject, 0) AS k
               FROM unnest(scopes, subjects) AS x(scope, subject) ORDER BY 1) s;
    RETURN QUERY
    WITH l AS (
      SELECT * FROM unnest(scopes, subjects, limits, windows) AS l(scope, subject, lim, secs)
    ), c AS (
      SELECT l.scope, l.subject, l.lim, l.secs, count(a.id)::int AS n,
             ceil(extract(epoch FROM min(a.created_at) + make_interval(secs => l.secs) - now()))::int AS leaves_in
        FROM l LEFT JOIN auth_attempts a
          ON a.scope = l.scope AND a.subject = l.subject AND a.created_at > now() - make_interval(secs => l.secs)
       GROUP BY l.scope, l.subject, l.lim, l.secs
    ), ins AS (
      INSERT INTO auth_attempts (scope, subject)
      SELECT c.scope, c.subject FROM c WHERE NOT EXISTS (SELECT 1 FROM c WHERE c.n >= c.lim)
      RETURNING id
    )
    SELECT c.scope, c.lim, c.secs, c.n, c.leaves_in, (SELECT array_agg(ins.id::text) FROM ins) FROM c;
  END
  $fn$`;

export class AuthLimits1796450000000 implements MigrationInterface {
  name = 'AuthLimits1796450000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth_attempts (
        id         bigserial   NOT NULL,
        scope      text        NOT NULL,
        subject    text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_auth_attempts PRIMARY KEY (id),
        CONSTRAINT chk_auth_attempts_scope
          CHECK (scope IN ('sign_in:email', 'sign_in:client', 'identity:login_hint', 'identity:client'))
      )`);
    await q.query(`CREATE INDEX idx_auth_attempts_subject ON auth_attempts (scope, subject, created_at)`);
    await q.query(`CREATE INDEX idx_auth_attempts_created ON auth_attempts (created_at)`);
    await q.query(`
      INSERT INTO auth_attempts (scope, subject, created_at)
      SELECT 'sign_in:email', email, created_at FROM sign_in_failures
      UNION ALL
      SELECT 'sign_in:client', client, created_at FROM sign_in_failures`);
    await q.query(`DROP TABLE sign_in_failures`);
    await q.query(COUNT_AUTH_ATTEMPT);

    await q.query(`ALTER TABLE agents ALTER COLUMN account_id DROP NOT NULL`);
    await q.query(`CREATE INDEX idx_agent_claims_code_expires ON agent_claims (code_expires_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS count_auth_attempt(text[], text[], int[], int[])`);
    await q.query(`DROP INDEX IF EXISTS idx_agent_claims_code_expires`);
    await q.query(`DELETE FROM agents WHERE account_id IS NULL`);
    await q.query(`ALTER TABLE agents ALTER COLUMN account_id SET NOT NULL`);

    await q.query(`
      CREATE TABLE sign_in_failures (
        id         bigserial   NOT NULL,
        email      text        NOT NULL,
        client     text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_sign_in_failures PRIMARY KEY (id)
      )`);
    await q.query(`CREATE INDEX idx_sign_in_failures_email ON sign_in_failures (email, created_at)`);
    await q.query(`CREATE INDEX idx_sign_in_failures_client ON sign_in_failures (client, created_at)`);
    // Attempts were counted per subject; a failure row needs both, so only the throttle resets.
    await q.query(`DROP TABLE auth_attempts`);
  }
}
