import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agent sign-in (docs/agents.md): the agents a person approved, their claims (token and code
 * stored only as SHA-256 hex), the replay store of assertion ids, people's sign-in sessions
 * (token hashed) and failed sign-ins (throttling shared by every auth process). Closed value
 * lists are spelled out literally, as in the Initial migration.
 */
export class AgentSignIn1796100000000 implements MigrationInterface {
  name = 'AgentSignIn1796100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE agents (
        id              uuid        NOT NULL DEFAULT gen_random_uuid(),
        name            text        NOT NULL,
        account_id      integer     NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        confirmed_at    timestamptz,
        last_used_at    timestamptz,
        disconnected_at timestamptz,
        CONSTRAINT pk_agents PRIMARY KEY (id),
        CONSTRAINT fk_agents_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT chk_agents_name CHECK (length(name) BETWEEN 1 AND 100)
      )`);
    await q.query(`CREATE INDEX idx_agents_account ON agents (account_id)`);

    await q.query(`
      CREATE TABLE agent_claims (
        id              uuid        NOT NULL DEFAULT gen_random_uuid(),
        agent_id        uuid        NOT NULL,
        token_hash      text        NOT NULL,
        code_hash       text        NOT NULL,
        code_expires_at timestamptz NOT NULL,
        wrong_attempts  integer     NOT NULL DEFAULT 0,
        status          text        NOT NULL DEFAULT 'pending',
        confirmed_at    timestamptz,
        completed_at    timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_agent_claims PRIMARY KEY (id),
        CONSTRAINT fk_agent_claims_agent FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE,
        CONSTRAINT chk_agent_claims_status CHECK (status IN ('pending', 'confirmed', 'completed', 'failed')),
        CONSTRAINT chk_agent_claims_hashes CHECK (token_hash ~ '^[0-9a-f]{64}$' AND code_hash ~ '^[0-9a-f]{64}$'),
        CONSTRAINT chk_agent_claims_wrong_attempts CHECK (wrong_attempts >= 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX idx_agent_claims_token_hash ON agent_claims (token_hash)`);
    await q.query(`CREATE INDEX idx_agent_claims_agent ON agent_claims (agent_id)`);

    await q.query(`
      CREATE TABLE used_jtis (
        jti        text        NOT NULL,
        expires_at timestamptz NOT NULL,
        CONSTRAINT pk_used_jtis PRIMARY KEY (jti)
      )`);
    await q.query(`CREATE INDEX idx_used_jtis_expires ON used_jtis (expires_at)`);

    await q.query(`
      CREATE TABLE auth_sessions (
        id           uuid        NOT NULL DEFAULT gen_random_uuid(),
        token_hash   text        NOT NULL,
        account_id   integer     NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz NOT NULL,
        CONSTRAINT pk_auth_sessions PRIMARY KEY (id),
        CONSTRAINT fk_auth_sessions_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT chk_auth_sessions_token_hash CHECK (token_hash ~ '^[0-9a-f]{64}$')
      )`);
    await q.query(`CREATE UNIQUE INDEX idx_auth_sessions_token_hash ON auth_sessions (token_hash)`);
    await q.query(`CREATE INDEX idx_auth_sessions_account ON auth_sessions (account_id)`);
    await q.query(`CREATE INDEX idx_auth_sessions_expires ON auth_sessions (expires_at)`);

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

    await q.query(`
      ALTER TABLE api_keys ADD CONSTRAINT fk_api_keys_agent
        FOREIGN KEY (agent_id) REFERENCES agents (id) ON DELETE CASCADE`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP CONSTRAINT IF EXISTS fk_api_keys_agent`);
    for (const table of ['sign_in_failures', 'auth_sessions', 'used_jtis', 'agent_claims', 'agents']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
