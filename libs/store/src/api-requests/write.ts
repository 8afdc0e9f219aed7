import type { DataSource } from 'typeorm';
import { type Prepared, runPrepared } from '../prepared';

/** One authenticated API request or MCP tool call, as GET /usage/events shows it (docs/usage.md). */
export interface ApiRequestRow {
  /** When it was answered. */
  at: Date;
  teamId: number;
  apiKeyId: number | null;
  /** The X-Request-Id it was answered with. */
  requestId: string;
  method: string;
  /** The stable endpoint name: `person_enrich`, `mcp:search_people`, `usage_events`, … */
  endpoint: string;
  status: number;
  /** What its billing charged (0 when nothing). */
  credits: number;
  /** The charge's id in usage and credit_ledger, when it was charged. */
  chargeId: string | null;
  sandbox: boolean;
}

// One statement for a whole batch: one round trip and one commit per flush. The rows go as one
// JSON text, which JSON.stringify writes natively, rather than as ten arrays, which the pg client
// escapes element by element on the gateway's event loop (bench/usage/RESULTS.md: a several-fold
// difference in the gateway's CPU per row).
const INSERT: Prepared = {
  name: 'svc_insert_api_requests',
  text: `
  INSERT INTO api_requests
    (created_at, team_id, api_key_id, request_id, method, endpoint, status, credits, charge_id, sandbox)
  SELECT * FROM json_to_recordset($1::json) AS r(
    at timestamptz, "teamId" int, "apiKeyId" int, "requestId" text, method text, endpoint text,
    status int2, credits int, "chargeId" uuid, sandbox bool)`,
};

/** Writes a batch of requests in one statement. */
export async function insertApiRequests(db: DataSource, rows: readonly ApiRequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  await runPrepared(db, INSERT, [JSON.stringify(rows)]);
}

const PURGE_BATCH = 10_000;

/**
 * Deletes the rows older than `cutoff`, 10,000 at a time (each delete a short transaction, so
 * the batches being inserted meanwhile never wait long), one process at a time per schema
 * (an advisory lock; another process finds it taken and returns null). Returns the rows deleted.
 */
export async function purgeApiRequests(db: DataSource, cutoff: Date): Promise<number | null> {
  const q = db.createQueryRunner();
  await q.connect();
  const lock = 'svc:api-requests-purge';
  try {
    const [{ locked }] = (await q.query(
      `SELECT pg_try_advisory_lock(hashtext($1 || current_schema())) AS locked`,
      [lock],
    )) as Array<{ locked: boolean }>;
    if (!locked) return null;
    try {
      let deleted = 0;
      for (;;) {
        const rows = (await q.query(
          `WITH gone AS (
             DELETE FROM api_requests WHERE id IN (
               SELECT id FROM api_requests WHERE created_at < $1 LIMIT ${PURGE_BATCH})
             RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [cutoff.toISOString()],
        )) as Array<{ n: number }>;
        deleted += rows[0].n;
        if (rows[0].n < PURGE_BATCH) return deleted;
      }
    } finally {
      await q
        .query(`SELECT pg_advisory_unlock(hashtext($1 || current_schema()))`, [lock])
        .catch(() => undefined);
    }
  } finally {
    await q.release();
  }
}
