import type { DataSource } from 'typeorm';

/** How long a key is remembered (Stripe's window): past it, the key is free again. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/**
 * A key whose first request never finished (its gateway died mid-request) is taken over after
 * this long, unless that request was charged; well past any request's own time limits, so a
 * live request is never run twice.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 300;

export type IdempotencyClaim =
  | { kind: 'claimed' }
  /** Another request with this key is still running (or committed a moment ago). */
  | { kind: 'in_flight' }
  | { kind: 'mismatch' }
  | { kind: 'done'; headers: Record<string, string>; body: string }
  /** The first request was charged (chargeId) and then failed or died: no answer to replay. */
  | { kind: 'charged_without_answer'; chargeId: string };

interface ClaimRow {
  mine: boolean;
  fingerprint: string | null;
  completed: boolean | null;
  abandoned: boolean | null;
  charge_id: string | null;
  headers: Record<string, string> | null;
  body: string | null;
}

const ABANDONED = `k.completed_at IS NULL AND k.created_at < now() - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS})`;

// One statement: either this request takes the key (new, expired, or abandoned before it was
// charged), or the row that holds it is read. A concurrent first use still running in another
// transaction makes the INSERT wait for it and then return nothing, and the statement's snapshot
// cannot see that row: no row at all therefore means "in flight".
const CLAIM = `
  WITH claimed AS (
    INSERT INTO idempotency_keys AS k (team_id, key, fingerprint) VALUES ($1, $2, $3)
    ON CONFLICT (team_id, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, created_at = now(), completed_at = NULL, headers = NULL,
           body = NULL, charge_id = NULL
     WHERE k.created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
        OR (${ABANDONED} AND k.charge_id IS NULL)
    RETURNING true AS mine
  )
  SELECT true AS mine, NULL AS fingerprint, NULL AS completed, NULL AS abandoned, NULL::uuid AS charge_id,
         NULL::jsonb AS headers, NULL AS body FROM claimed
  UNION ALL
  SELECT false, fingerprint, completed_at IS NOT NULL, ${ABANDONED}, charge_id, headers, body
    FROM idempotency_keys k
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
  if (row.completed && row.body !== null) return { kind: 'done', headers: row.headers ?? {}, body: row.body };
  // Closed without an answer (releaseIdempotencyKey kept it), or its gateway died after the charge.
  if (row.charge_id !== null && (row.completed || row.abandoned))
    return { kind: 'charged_without_answer', chargeId: row.charge_id };
  return { kind: 'in_flight' };
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

// Both in one statement and one snapshot, so exactly one applies: the charge marks the key in
// its own commit (chargeCalls), and that mark, not the caller's guess, decides.
const RELEASE = `
  WITH freed AS (
    DELETE FROM idempotency_keys
     WHERE team_id = $1 AND key = $2 AND fingerprint = $3 AND completed_at IS NULL AND charge_id IS NULL
    RETURNING 1
  )
  UPDATE idempotency_keys SET completed_at = now()
   WHERE team_id = $1 AND key = $2 AND fingerprint = $3 AND completed_at IS NULL AND charge_id IS NOT NULL
  RETURNING charge_id`;

/**
 * Ends a key whose request failed. Not charged: the key is freed, so the same retry runs again.
 * Charged (the error came after the charge committed, or the charge's answer was lost on the
 * way back): the key is kept and closed without an answer, so a retry is told it was charged
 * instead of running and paying again. Returns the charge id in that case, else null.
 */
export async function releaseIdempotencyKey(
  db: DataSource,
  teamId: number,
  key: string,
  fingerprint: string,
): Promise<string | null> {
  // TypeORM answers an UPDATE with [rows, row count].
  const [rows] = (await db.query(RELEASE, [teamId, key, fingerprint])) as [
    Array<{ charge_id: string }>,
    number,
  ];
  return rows[0]?.charge_id ?? null;
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
