import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { Entity } from '@app/contracts';
import { type Prepared, runPrepared } from './prepared';

/** One billed API call: its usage row, and its ledger row when it found matches. */
export interface BilledCall {
  apiKeyId: number | null;
  endpoint: string;
  /** The caller's X-Request-Id: for tracing, any two calls may share it. */
  requestId: string | null;
  /** Made by the gateway, one per call (a UUID): the ledger's unique id of this charge in the team. */
  chargeId: string;
  /** The Idempotency-Key this call holds, if it sent one: marked charged in the same commit. */
  idempotencyKey: string | null;
  /** Credits it costs: one per returned match. */
  matches: number;
  /** The records it returns, one access_log row each, written only if it is charged; absent or
   * empty when nothing is logged (ACCESS_LOG=off). */
  accessed?: AccessedRecords | null;
}

/** What the access log keeps of one call beside its charge (docs/access-log.md). */
export interface AccessedRecords {
  entity: Entity;
  /** The access log's name of the endpoint: `person_enrich`, `mcp:search_people`, … */
  endpoint: string;
  svcIds: readonly string[];
}

// One statement, so one implicit transaction and one round trip, however many calls: the
// conditional UPDATE takes the team row lock only for the statement, never across round trips,
// and refuses the whole set (no row) rather than take the balance below zero. The ledger and
// usage rows are written only when it charged (or when nothing was to be charged), so a call is
// either fully recorded or not at all. The balance CHECK stays as the last line of defence.
/** Exported for the test that checks what `$8` does to the commit. */
export const CHARGE: Prepared = {
  name: 'svc_charge_calls',
  text: `
  WITH calls AS (
    SELECT * FROM unnest($2::int[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::int[],
                         $9::text[], $10::text[]) WITH ORDINALITY
      AS c(api_key_id, endpoint, request_id, charge_id, idempotency_key, matches, entity, access_endpoint, n)
  ),
  -- With $8 the commit does not wait for the WAL flush (set_config(…, true) lasts to the end of
  -- this statement's own transaction); every statement below runs, so this one always does.
  total AS (
    SELECT sum(matches)::int AS n,
           CASE WHEN $8::bool THEN set_config('synchronous_commit', 'off', true) END AS async_commit
      FROM calls
  ),
  charged AS (
    UPDATE teams t SET credits_balance = t.credits_balance - total.n FROM total
     WHERE t.id = $1 AND total.n > 0 AND t.credits_balance >= total.n
    RETURNING t.credits_balance
  ),
  settled AS (
    SELECT credits_balance FROM charged
    UNION ALL
    SELECT t.credits_balance FROM teams t, total WHERE t.id = $1 AND total.n = 0
  ),
  ledger AS (
    INSERT INTO credit_ledger (team_id, delta, reason, api_key_id, request_id, charge_id)
    SELECT $1, -matches, 'match', api_key_id, request_id, charge_id FROM calls
     WHERE matches > 0 AND EXISTS (SELECT FROM settled) ORDER BY n
  ),
  used AS (
    INSERT INTO usage (team_id, api_key_id, endpoint, request_id, charge_id, match_count, credits)
    SELECT $1, api_key_id, endpoint, request_id, charge_id, matches, matches FROM calls
     WHERE EXISTS (SELECT FROM settled) ORDER BY n
  ),
  -- A paying call's Idempotency-Key learns it was charged in the charge's own commit: whatever
  -- becomes of the answer afterwards (a dropped connection, a failure while shaping or storing
  -- it, a dead gateway), the key is never freed or taken over, so a retry never pays twice.
  -- Who was given which record, in the charge's own commit: a record served is a record logged,
  -- and a refused charge (no settled row) logs nothing. $11 holds every call's svc_ids flat, $12
  -- the call (its ordinal) each belongs to, so one statement takes any number of records.
  accessed AS (
    INSERT INTO access_log (svc_id, entity, team_id, api_key_id, endpoint, request_id)
    SELECT r.svc_id, c.entity, $1, c.api_key_id, c.access_endpoint, c.request_id
      FROM unnest($11::uuid[], $12::int[]) AS r(svc_id, n) JOIN calls c ON c.n = r.n
     WHERE EXISTS (SELECT FROM settled)
  ),
  keyed AS (
    UPDATE idempotency_keys k SET charge_id = c.charge_id FROM calls c
     WHERE k.team_id = $1 AND k.key = c.idempotency_key AND c.matches > 0
       AND k.completed_at IS NULL AND k.charge_id IS NULL AND EXISTS (SELECT FROM settled)
  )
  SELECT credits_balance FROM settled`,
};

/**
 * Charges a set of calls of one team at once, all or nothing, in one statement: the balance
 * goes down by their matches, each call with matches gets a `match` ledger row and marks its
 * Idempotency-Key charged, each call a usage row (rows carry the call's chargeId) and an
 * access_log row per record it returns (`accessed`). Returns the balance after the charge, or null when the team cannot pay for the
 * whole set (or does not exist) and nothing was written. Calls without matches never fail for
 * lack of credits. Callers that want a partial answer retry the calls one by one.
 *
 * `commit.async` trades durability for latency, never atomicity: the commit returns before its
 * WAL is flushed, so a Postgres crash (not a gateway crash) may forget the last charges whole —
 * the caller kept the data without paying — but never keeps half of one.
 */
export async function chargeCalls(
  db: DataSource | PoolClient,
  teamId: number,
  calls: readonly BilledCall[],
  commit: { async: boolean } = { async: false },
): Promise<number | null> {
  if (calls.length === 0) throw new RangeError('no calls to charge');
  for (const c of calls)
    if (!Number.isSafeInteger(c.matches) || c.matches < 0)
      throw new RangeError(`matches must be a non-negative integer, got ${c.matches}`);
  const svcIds: string[] = [];
  const owners: number[] = [];
  calls.forEach((c, i) => {
    for (const id of c.accessed?.svcIds ?? []) {
      svcIds.push(id);
      owners.push(i + 1);
    }
  });
  const rows = await runPrepared<{ credits_balance: string }>(db, CHARGE, [
    teamId,
    calls.map((c) => c.apiKeyId),
    calls.map((c) => c.endpoint),
    calls.map((c) => c.requestId),
    calls.map((c) => c.chargeId),
    calls.map((c) => c.idempotencyKey),
    calls.map((c) => c.matches),
    commit.async,
    calls.map((c) => c.accessed?.entity ?? null),
    calls.map((c) => c.accessed?.endpoint ?? null),
    svcIds,
    owners,
  ]);
  return rows.length === 0 ? null : Number(rows[0].credits_balance);
}
