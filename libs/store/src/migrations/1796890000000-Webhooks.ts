import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks of bulk-enrichment jobs (docs/bulk-jobs.md, "Webhooks").
 * - webhook_secrets: each team's `whsec_` signing secrets, encrypted (we sign with them, so they
 *   cannot be hashed). The current one has no expiry; a rotation gives the previous one 24 hours,
 *   during which both sign. At most one current secret per team.
 * - webhook_endpoints: what delivery learned about a team's URL (failing after a delivery gave
 *   up, disabled by a 410); a job naming the URL again makes it active.
 * - webhook_deliveries: the outbox. A row is written in the transaction that decides the event,
 *   so an event is never lost nor sent for work that rolled back; its id and body are made once
 *   so every attempt carries the same webhook-id and signed bytes.
 */
export class Webhooks1796890000000 implements MigrationInterface {
  name = 'Webhooks1796890000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_secrets (
        id          serial      NOT NULL,
        team_id     integer     NOT NULL,
        ciphertext  bytea       NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz,
        CONSTRAINT pk_webhook_secrets PRIMARY KEY (id),
        CONSTRAINT fk_webhook_secrets_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX idx_webhook_secrets_team ON webhook_secrets (team_id)`);
    // Two racing rotations cannot both leave a current secret behind.
    await q.query(
      `CREATE UNIQUE INDEX uq_webhook_secrets_current ON webhook_secrets (team_id) WHERE expires_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE webhook_endpoints (
        team_id               integer     NOT NULL,
        url                   text        NOT NULL,
        state                 text        NOT NULL DEFAULT 'active',
        consecutive_failures  integer     NOT NULL DEFAULT 0,
        last_failure_at       timestamptz,
        disabled_at           timestamptz,
        CONSTRAINT pk_webhook_endpoints PRIMARY KEY (team_id, url),
        CONSTRAINT fk_webhook_endpoints_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT chk_webhook_endpoints_state CHECK (state IN ('active', 'failing', 'disabled'))
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id               bigserial   NOT NULL,
        team_id          integer     NOT NULL,
        url              text        NOT NULL,
        message_id       text        NOT NULL,
        event_type       text        NOT NULL,
        body             text        NOT NULL,
        state            text        NOT NULL DEFAULT 'pending',
        attempts         integer     NOT NULL DEFAULT 0,
        next_attempt_at  timestamptz NOT NULL DEFAULT now(),
        last_status      integer,
        last_error       text,
        created_at       timestamptz NOT NULL DEFAULT now(),
        delivered_at     timestamptz,
        CONSTRAINT pk_webhook_deliveries PRIMARY KEY (id),
        CONSTRAINT uq_webhook_deliveries_message UNIQUE (message_id),
        CONSTRAINT fk_webhook_deliveries_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE,
        CONSTRAINT chk_webhook_deliveries_state CHECK (state IN ('pending', 'delivered', 'failed', 'skipped'))
      )`);
    // The worker's poll reads only what is due; finished rows stay out of the index.
    await q.query(
      `CREATE INDEX idx_webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`,
    );
    await q.query(`CREATE INDEX idx_webhook_deliveries_team ON webhook_deliveries (team_id, created_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS webhook_deliveries`);
    await q.query(`DROP TABLE IF EXISTS webhook_endpoints`);
    await q.query(`DROP TABLE IF EXISTS webhook_secrets`);
  }
}
