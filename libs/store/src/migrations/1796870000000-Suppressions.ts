import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy suppressions (docs/privacy.md): who asked not to be served, kept as what identifies
 * them, never as the identifiers themselves.
 * - privacy_suppressions: one request (opt-out or erasure), lifted by privacy:unsuppress.
 * - privacy_suppressed_identifiers: sha256 of each normalized identifier it named, so a later
 *   build's record holding it is dropped (docs/privacy.md, "Which records an identifier removes").
 * - privacy_suppressed_people: the svc_ids it removed, found by enrichment's rules when made or
 *   by a later load; kept after the records are gone, for the subject report.
 * - privacy_removals: which build each was removed from, and when ("every build that held them").
 * Build ids are kept as text without a foreign key: the history outlives dropped builds.
 */
export class Suppressions1796870000000 implements MigrationInterface {
  name = 'Suppressions1796870000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE privacy_suppressions (
        id          serial      NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        reason      text,
        lifted_at   timestamptz,
        CONSTRAINT pk_privacy_suppressions PRIMARY KEY (id),
        CONSTRAINT chk_privacy_suppressions_reason CHECK (length(reason) <= 500)
      )`);
    await q.query(`
      CREATE TABLE privacy_suppressed_identifiers (
        suppression_id integer NOT NULL,
        kind           text    NOT NULL,
        hash           text    NOT NULL,
        CONSTRAINT pk_privacy_suppressed_identifiers PRIMARY KEY (suppression_id, kind, hash),
        CONSTRAINT fk_privacy_suppressed_identifiers FOREIGN KEY (suppression_id)
          REFERENCES privacy_suppressions (id) ON DELETE CASCADE,
        CONSTRAINT chk_privacy_suppressed_identifiers_kind CHECK (kind IN ('email', 'phone', 'social_url')),
        CONSTRAINT chk_privacy_suppressed_identifiers_hash CHECK (hash ~ '^[0-9a-f]{64}$')
      )`);
    await q.query(
      `CREATE INDEX idx_privacy_suppressed_identifiers_hash ON privacy_suppressed_identifiers (kind, hash)`,
    );
    await q.query(`
      CREATE TABLE privacy_suppressed_people (
        suppression_id integer NOT NULL,
        svc_id         uuid    NOT NULL,
        CONSTRAINT pk_privacy_suppressed_people PRIMARY KEY (suppression_id, svc_id),
        CONSTRAINT fk_privacy_suppressed_people FOREIGN KEY (suppression_id)
          REFERENCES privacy_suppressions (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX idx_privacy_suppressed_people_svc ON privacy_suppressed_people (svc_id)`);
    await q.query(`
      CREATE TABLE privacy_removals (
        suppression_id integer     NOT NULL,
        svc_id         uuid        NOT NULL,
        build_id       text        NOT NULL,
        removed_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_privacy_removals PRIMARY KEY (svc_id, build_id, suppression_id),
        CONSTRAINT fk_privacy_removals FOREIGN KEY (suppression_id)
          REFERENCES privacy_suppressions (id) ON DELETE CASCADE
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS privacy_removals`);
    await q.query(`DROP TABLE IF EXISTS privacy_suppressed_people`);
    await q.query(`DROP TABLE IF EXISTS privacy_suppressed_identifiers`);
    await q.query(`DROP TABLE IF EXISTS privacy_suppressions`);
  }
}
