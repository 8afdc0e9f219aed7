import type { DataSource } from 'typeorm';

/** How long a key is remembered (Stripe's window): past it, the key is free again. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/**
 * A key whose first request never finished (its gateway died mid-request) is taken over after
 * this long; well past any request's own time limits, so a live request is never run twice.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 300;

export type IdempotencyClaim =
  | { kind: 'claimed' }
  /** Another request with this key is still running (or committed a moment ago). */
  | { kind: 'in_flight' }
  | { kind: 'mismatch' }
  | { kind: 'done'; headers: Record<string, string>; body: string };

interface ClaimRow {
  mine: boolean;
  fingerprint: string | null;
  completed: boolean | null;
  headers: Record<string, string> | null;
  body: string | null;
}

// One statement: either this request takes the key (new, expired, or abandoned), or the row
// that holds it is read. A concurrent first use still running in another transaction makes the
// INSERT wait for it and then return nothing, and the statement's snapshot cannot see that row:
// no row at all therefore means "in flight".
const CLAIM = `
  WITH claimed AS (
    INSERT INTO idempotency_keys AS k (team_id, key, fingerprint) VALUES ($1, $2, $3)
    ON CONFLICT (team_id, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, created_at = now(), completed_at = NULL, headers = NULL, body = NULL
     WHERE k.created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
        OR (k.completed_at IS NULL AND k.created_at < now() - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}))
    RETURNING true AS mine
  )
  SELECT true AS mine, NULL AS fingerprint, NULL AS completed, NULL::jsonb AS headers, NULL AS body FROM claimed
  UNION ALL
  SELECT false, fingerprint, completed_at IS NOT NULL, headers, body FROM idempotency_keys
   WHERE team_id = $1 AND key = $2 AND NOT EXISTS (SELECT FROM claimed)`;

export async function claimIdempotencyKey(
  db: DataSource,
  teamId: number,
  key: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  const rows: ClaimRow[] = await db.query(CLAIM, [teamId, key, fingerprint]);
  const row = rows[0];
  if (!row) return { kind: 'in_flight' };
  if (row.mine) return { kind: 'claimed' };
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (!row.completed) return { kind: 'in_flight' };
  return { kind: 'done', headers: row.headers ?? {}, body: row.body ?? '' };
}

/** Stores the response of the request that claimed the key; retries replay it from now on. */
export async function completeIdempotencyKey(
  db: DataSource,
  teamId: number,
  key: string,
  fingerprint: string,
  response: { headers: Record<string, string>; body: string },
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET completed_at = now(), headers = $4, body = $5
      WHERE team_id = $1 AND key = $2 AND fingerprint = $3 AND completed_at IS NULL`,
    [teamId, key, fingerprint, JSON.stringify(response.headers), response.body],
  );
}

/** Frees a key whose request failed (nothing was charged), so a retry runs it again. */
export async function releaseIdempotencyKey(
  db: DataSource,
  teamId: number,
  key: string,
  fingerprint: string,
): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys WHERE team_id = $1 AND key = $2 AND fingerprint = $3 AND completed_at IS NULL`,
    [teamId, key, fingerprint],
  );
}

/** Deletes up to `limit` keys past the window; returns how many. */
export async function purgeIdempotencyKeys(db: DataSource, limit = 1000): Promise<number> {
  const rows: unknown[] = await db.query(
    `DELETE FROM idempotency_keys WHERE ctid IN (
       SELECT ctid FROM idempotency_keys
        WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS}) LIMIT $1)
     RETURNING 1`,
    [limit],
  );
  return rows.length;
}
