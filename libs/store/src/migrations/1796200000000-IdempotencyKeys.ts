import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `Idempotency-Key` on billed POSTs (docs/access.md, "Idempotent retries"): one row per team and
 * key, shared by every gateway, so a retry within 24 h replays the stored response and is
 * charged once.
 */
export class IdempotencyKeys1796200000000 implements MigrationInterface {
  name = 'IdempotencyKeys1796200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        team_id      integer     NOT NULL,
        key          text        NOT NULL,
        fingerprint  text        NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        headers      jsonb,
        body         text,
        CONSTRAINT pk_idempotency_keys PRIMARY KEY (team_id, key),
        CONSTRAINT fk_idempotency_keys_team FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX idx_idempotency_keys_created ON idempotency_keys (created_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS idempotency_keys`);
  }
}
