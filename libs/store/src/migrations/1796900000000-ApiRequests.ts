import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * api_requests: one row per authenticated API request and MCP tool call (docs/usage.md), for
 * GET /usage's request and error counts and GET /usage/events. Written by the gateways in
 * batches off the request path, so it may lose rows (a full buffer, a crash): what a team paid
 * stays in usage and credit_ledger. Kept USAGE_EVENTS_RETENTION_DAYS. (team_id, created_at, id)
 * serves both reads; the BRIN index on created_at lets the purge find old rows without a b-tree
 * over every row (rows arrive in time order, roughly). No foreign keys, as for access_log: a key
 * lookup per inserted row would tax every batch, and the rows must outlive a deleted key.
 */
export class ApiRequests1796900000000 implements MigrationInterface {
  name = 'ApiRequests1796900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_requests (
        id         bigint GENERATED ALWAYS AS IDENTITY,
        created_at timestamptz NOT NULL,
        team_id    integer     NOT NULL,
        api_key_id integer,
        request_id text        NOT NULL,
        method     text        NOT NULL,
        endpoint   text        NOT NULL,
        status     smallint    NOT NULL,
        credits    integer     NOT NULL DEFAULT 0,
        charge_id  uuid,
        sandbox    boolean     NOT NULL DEFAULT false,
        CONSTRAINT pk_api_requests PRIMARY KEY (id),
        CONSTRAINT chk_api_requests_credits CHECK (credits >= 0)
      )`);
    await q.query(`CREATE INDEX idx_api_requests_team_created ON api_requests (team_id, created_at, id)`);
    await q.query(`CREATE INDEX idx_api_requests_created_brin ON api_requests USING brin (created_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS api_requests`);
  }
}
