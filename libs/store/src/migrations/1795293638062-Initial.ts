import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first schema. Table names are unqualified: the connection's search_path starts with the
 * configured schema (see createDataSource), so the same migration builds `public` or a test
 * schema. Closed value lists are text + CHECK, spelled out literally so this migration never
 * changes when the lists in values.ts do.
 */
export class Initial1795293638062 implements MigrationInterface {
  name = 'Initial1795293638062';

  public async up(q: QueryRunner): Promise<void> {
    // ---- data builds and records ------------------------------------------------------------
    await q.query(`
      CREATE TABLE builds (
        id             text        NOT NULL,
        status         text        NOT NULL DEFAULT 'loading',
        is_sandbox     boolean     NOT NULL DEFAULT false,
        is_active      boolean     NOT NULL DEFAULT false,
        person_count   integer     NOT NULL DEFAULT 0,
        company_count  integer     NOT NULL DEFAULT 0,
        failure_reason text,
        created_at     timestamptz NOT NULL DEFAULT now(),
        activated_at   timestamptz,
        CONSTRAINT pk_builds PRIMARY KEY (id),
        CONSTRAINT chk_builds_id_format CHECK (id ~ '^[A-Za-z0-9.+-]+_[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        CONSTRAINT chk_builds_status CHECK (status IN ('loading', 'ready', 'failed', 'dropped')),
        CONSTRAINT chk_builds_active_is_ready CHECK (NOT is_active OR status = 'ready'),
        CONSTRAINT chk_builds_counts CHECK (person_count >= 0 AND company_count >= 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX idx_builds_active ON builds (is_sandbox) WHERE is_active`);

    await q.query(`
      CREATE TABLE person_records (
        build_id       text    NOT NULL,
        svc_id         uuid    NOT NULL,
        record         jsonb   NOT NULL,
        full_name      text,
        first_name     text,
        last_name      text,
        city           text,
        state_code     text,
        country_code   text,
        company_domain text,
        birth_year     integer,
        CONSTRAINT pk_person_records PRIMARY KEY (build_id, svc_id),
        CONSTRAINT fk_person_records_build FOREIGN KEY (build_id) REFERENCES builds (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX idx_person_records_name ON person_records (build_id, last_name, first_name)`);
    await q.query(
      `CREATE INDEX idx_person_records_company_domain ON person_records (build_id, company_domain)`,
    );

    await q.query(`
      CREATE TABLE person_match_keys (
        build_id  text    NOT NULL,
        kind      text    NOT NULL,
        value     text    NOT NULL,
        svc_id    uuid    NOT NULL,
        "current" boolean NOT NULL DEFAULT true,
        CONSTRAINT pk_person_match_keys PRIMARY KEY (build_id, kind, value, svc_id),
        CONSTRAINT fk_person_match_keys_build FOREIGN KEY (build_id) REFERENCES builds (id) ON DELETE CASCADE,
        CONSTRAINT chk_person_match_keys_kind CHECK (kind IN (
          'email', 'email_sha256', 'email_sha1', 'email_md5', 'phone', 'social_url', 'netx_id', 'name_key')),
        CONSTRAINT chk_person_match_keys_value CHECK (length(value) BETWEEN 1 AND 512)
      )`);

    await q.query(`
      CREATE TABLE company_records (
        build_id text  NOT NULL,
        svc_id   uuid  NOT NULL,
        record   jsonb NOT NULL,
        name     text,
        domain   text,
        netx_id  text,
        netx_url text,
        ticker   text,
        CONSTRAINT pk_company_records PRIMARY KEY (build_id, svc_id),
        CONSTRAINT fk_company_records_build FOREIGN KEY (build_id) REFERENCES builds (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX idx_company_records_name ON company_records (build_id, name)`);
    await q.query(`CREATE INDEX idx_company_records_domain ON company_records (build_id, domain)`);

    await q.query(`
      CREATE TABLE company_match_keys (
        build_id  text    NOT NULL,
        kind      text    NOT NULL,
        value     text    NOT NULL,
        svc_id    uuid    NOT NULL,
        "current" boolean NOT NULL DEFAULT true,
        CONSTRAINT pk_company_match_keys PRIMARY KEY (build_id, kind, value, svc_id),
        CONSTRAINT fk_company_match_keys_build FOREIGN KEY (build_id) REFERENCES builds (id) ON DELETE CASCADE,
        CONSTRAINT chk_company_match_keys_kind CHECK (kind IN (
          'name_key', 'domain', 'netx_id', 'netx_url', 'social_url', 'ticker')),
        CONSTRAINT chk_company_match_keys_value CHECK (length(value) BETWEEN 1 AND 512)
      )`);

    // ---- customers --------------------------------------------------------------------------
    await q.query(`
      CREATE TABLE teams (
        id              serial      NOT NULL,
        name            text        NOT NULL,
        tier            text        NOT NULL DEFAULT 'standard',
        credits_balance bigint      NOT NULL DEFAULT 0,
        contract_end    date,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_teams PRIMARY KEY (id),
        CONSTRAINT chk_teams_name CHECK (length(name) BETWEEN 1 AND 100 AND name = btrim(name) AND name !~ '^[0-9]+$'),
        CONSTRAINT chk_teams_tier CHECK (tier IN ('standard', 'enterprise')),
        CONSTRAINT chk_teams_credits_balance_non_negative CHECK (credits_balance >= 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX idx_teams_name ON teams (name)`);

    await q.query(`
      CREATE TABLE accounts (
        id            serial      NOT NULL,
        email         text        NOT NULL,
        password_hash text        NOT NULL,
        status        text        NOT NULL DEFAULT 'pending',
        created_at    timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_accounts PRIMARY KEY (id),
        CONSTRAINT chk_accounts_email CHECK (email = lower(email) AND email LIKE '_%@_%'),
        CONSTRAINT chk_accounts_status CHECK (status IN ('approved', 'pending', 'inactive'))
      )`);
    await q.query(`CREATE UNIQUE INDEX idx_accounts_email ON accounts (email)`);

    await q.query(`
      CREATE TABLE memberships (
        account_id integer     NOT NULL,
        team_id    integer     NOT NULL,
        role       text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_memberships PRIMARY KEY (account_id, team_id),
        CONSTRAINT fk_memberships_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_memberships_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT chk_memberships_role CHECK (role IN ('admin', 'developer', 'member'))
      )`);
    await q.query(`CREATE INDEX idx_memberships_team ON memberships (team_id)`);

    await q.query(`
      CREATE TABLE api_keys (
        id                    serial      NOT NULL,
        team_id               integer     NOT NULL,
        prefix                text        NOT NULL,
        secret_hash           text        NOT NULL,
        endpoints             text[],
        kind                  text        NOT NULL DEFAULT 'standard',
        agent_id              uuid,
        created_by_account_id integer,
        revoked_at            timestamptz,
        last_used_at          timestamptz,
        created_at            timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_api_keys PRIMARY KEY (id),
        CONSTRAINT fk_api_keys_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT fk_api_keys_created_by FOREIGN KEY (created_by_account_id) REFERENCES accounts (id) ON DELETE SET NULL,
        CONSTRAINT chk_api_keys_kind CHECK (kind IN ('standard', 'agent')),
        CONSTRAINT chk_api_keys_agent CHECK ((kind = 'agent') = (agent_id IS NOT NULL)),
        CONSTRAINT chk_api_keys_secret_hash CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
        CONSTRAINT chk_api_keys_endpoints CHECK (endpoints IS NULL OR cardinality(endpoints) > 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX idx_api_keys_prefix ON api_keys (prefix)`);
    await q.query(`CREATE UNIQUE INDEX idx_api_keys_secret_hash ON api_keys (secret_hash)`);
    await q.query(`CREATE INDEX idx_api_keys_team ON api_keys (team_id)`);
    await q.query(`CREATE INDEX idx_api_keys_created_by ON api_keys (created_by_account_id)`);
    await q.query(
      `CREATE UNIQUE INDEX idx_api_keys_agent_active ON api_keys (agent_id) WHERE revoked_at IS NULL`,
    );

    // ---- billing ----------------------------------------------------------------------------
    await q.query(`
      CREATE TABLE credit_ledger (
        id         bigserial   NOT NULL,
        team_id    integer     NOT NULL,
        delta      integer     NOT NULL,
        reason     text        NOT NULL,
        api_key_id integer,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_credit_ledger PRIMARY KEY (id),
        CONSTRAINT fk_credit_ledger_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT fk_credit_ledger_api_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE SET NULL,
        CONSTRAINT chk_credit_ledger_delta CHECK (delta <> 0),
        CONSTRAINT chk_credit_ledger_reason CHECK (reason IN ('grant', 'match', 'refund', 'adjustment'))
      )`);
    await q.query(`CREATE INDEX idx_credit_ledger_team_created ON credit_ledger (team_id, created_at)`);

    await q.query(`
      CREATE TABLE usage (
        id          bigserial   NOT NULL,
        team_id     integer     NOT NULL,
        api_key_id  integer,
        endpoint    text        NOT NULL,
        request_id  text,
        match_count integer     NOT NULL DEFAULT 0,
        credits     integer     NOT NULL DEFAULT 0,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_usage PRIMARY KEY (id),
        CONSTRAINT fk_usage_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT fk_usage_api_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE SET NULL,
        CONSTRAINT chk_usage_counts CHECK (match_count >= 0 AND credits >= 0)
      )`);
    await q.query(`CREATE INDEX idx_usage_team_created ON usage (team_id, created_at)`);
    await q.query(`CREATE INDEX idx_usage_api_key_created ON usage (api_key_id, created_at)`);

    // ---- data-issue reports -----------------------------------------------------------------
    await q.query(`
      CREATE TABLE reports (
        id              serial      NOT NULL,
        subject_type    text        NOT NULL,
        svc_id          text        NOT NULL,
        build_id        text,
        issue_type      text        NOT NULL,
        issue_level     text        NOT NULL,
        field           text,
        observed_value  text,
        correct_value   text,
        comment         text,
        status          text        NOT NULL DEFAULT 'open',
        api_key_id      integer,
        team_id         integer,
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now(),
        resolved_at     timestamptz,
        resolution_note text,
        CONSTRAINT pk_reports PRIMARY KEY (id),
        CONSTRAINT fk_reports_api_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE SET NULL,
        CONSTRAINT fk_reports_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE SET NULL,
        CONSTRAINT chk_reports_subject_type CHECK (subject_type IN ('person', 'company')),
        CONSTRAINT chk_reports_issue_type CHECK (issue_type IN (
          'incorrect', 'outdated', 'misattributed', 'frankenstein', 'not_a_real_person', 'duplicate')),
        CONSTRAINT chk_reports_issue_level CHECK (issue_level IN ('record', 'group', 'field')),
        CONSTRAINT chk_reports_status CHECK (status IN ('open', 'in_review', 'resolved', 'rejected')),
        CONSTRAINT chk_reports_field_by_level CHECK ((issue_level = 'record') = (field IS NULL)),
        CONSTRAINT chk_reports_record_level_types CHECK (
          issue_type NOT IN ('frankenstein', 'not_a_real_person') OR issue_level = 'record'),
        CONSTRAINT chk_reports_person_only_types CHECK (issue_type <> 'not_a_real_person' OR subject_type = 'person'),
        CONSTRAINT chk_reports_correction CHECK (correct_value IS NOT NULL OR comment IS NOT NULL),
        CONSTRAINT chk_reports_lengths CHECK (
          length(svc_id) BETWEEN 1 AND 128 AND coalesce(length(field), 0) <= 128
          AND coalesce(length(observed_value), 0) <= 1000 AND coalesce(length(correct_value), 0) <= 1000
          AND coalesce(length(comment), 0) <= 2000)
      )`);
    await q.query(`CREATE INDEX idx_reports_team_created ON reports (team_id, created_at)`);
    await q.query(`CREATE INDEX idx_reports_subject ON reports (subject_type, svc_id)`);
    await q.query(`CREATE INDEX idx_reports_status_created ON reports (status, created_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'reports',
      'usage',
      'credit_ledger',
      'api_keys',
      'memberships',
      'accounts',
      'teams',
      'company_match_keys',
      'company_records',
      'person_match_keys',
      'person_records',
      'builds',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
