import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { Entity } from '@app/contracts';
import {
  type CapRefusal,
  capLeftSql,
  capRefusalOf,
  resetsAtSql,
  spentSql,
  UTC_DAY_SQL,
  UTC_MONTH_SQL,
} from './key-caps';
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

// One statement, so one implicit transaction and one round trip, however many calls. It locks
// the team row, then the rows of the keys that pay (in id order), and decides from what those
// locks return — the latest committed balance and spend, whatever the statement's snapshot saw —
// whether the whole set fits the balance and every key's daily and monthly cap; only then does it
// lower the balance, add each key's spend, and write the ledger and usage rows. Locks last for the
// statement only, never across round trips. A refused set writes nothing, and the statement says
// why: the balance, or the key and period whose cap it would pass (docs/access.md, "Spend caps per
// key"). The balance CHECK stays as the last line of defence. Every key's row is locked only after
// the team's, so two charges of a team never wait on each other in opposite orders.
/** Exported for the test that checks what `$8` does to the commit. */
export const CHARGE: Prepared = {
  name: 'svc_charge_calls_capped',
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
  clock AS (SELECT ${UTC_DAY_SQL} AS day, ${UTC_MONTH_SQL} AS month),
  spending AS (
    SELECT api_key_id, sum(matches)::bigint AS n FROM calls
     WHERE matches > 0 AND api_key_id IS NOT NULL GROUP BY api_key_id
  ),
  team AS (
    SELECT t.credits_balance FROM teams t, total WHERE t.id = $1 AND total.n > 0 FOR UPDATE OF t
  ),
  -- The uncorrelated EXISTS is a one-time filter: the team row is locked before any key row.
  keys AS (
    SELECT k.id, k.daily_cap, k.monthly_cap, s.n,
           ${spentSql('k', 'day')} AS day_spent, ${spentSql('k', 'month')} AS month_spent
      FROM api_keys k JOIN spending s ON s.api_key_id = k.id
     WHERE k.team_id = $1 AND EXISTS (SELECT FROM team)
     ORDER BY k.id
       FOR UPDATE OF k
  ),
  -- The cap a set would pass; of two, the one that resets last (the month's), so the caller's
  -- Retry-After is never early.
  over AS (
    SELECT id AS key_id, 'day' AS period, daily_cap AS cap, day_spent AS spent, ${resetsAtSql('day')} AS resets_at
      FROM keys WHERE day_spent + n > daily_cap
    UNION ALL
    SELECT id, 'month', monthly_cap, month_spent, ${resetsAtSql('month')}
      FROM keys WHERE month_spent + n > monthly_cap
    ORDER BY resets_at DESC, key_id LIMIT 1
  ),
  verdict AS (
    SELECT team.credits_balance >= total.n AND NOT EXISTS (SELECT FROM over) AS pays FROM team, total
  ),
  charged AS (
    UPDATE teams t SET credits_balance = t.credits_balance - total.n FROM total, verdict
     WHERE t.id = $1 AND verdict.pays
    RETURNING t.credits_balance
  ),
  spent AS (
    UPDATE api_keys k SET
      spend_day = clock.day,
      spend_day_credits = CASE WHEN k.spend_day = clock.day THEN k.spend_day_credits ELSE 0 END + s.n,
      spend_month = clock.month,
      spend_month_credits = CASE WHEN k.spend_month = clock.month THEN k.spend_month_credits ELSE 0 END + s.n
      FROM spending s, clock
     WHERE k.id = s.api_key_id AND k.team_id = $1 AND EXISTS (SELECT FROM charged)
    RETURNING k.id, ${capLeftSql('k')} AS cap_left
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
  ),
  -- What the calls' keys may still spend: those that paid as they are now, the others as read.
  key_left AS (
    SELECT id, cap_left FROM spent
    UNION ALL
    SELECT k.id, ${capLeftSql('k')} FROM api_keys k
     WHERE k.id IN (SELECT api_key_id FROM calls) AND k.team_id = $1
       AND NOT EXISTS (SELECT FROM spent WHERE spent.id = k.id)
  )
  SELECT (SELECT credits_balance FROM settled) AS credits_balance,
         (SELECT credits_balance FROM team) AS balance_before,
         over.key_id AS over_key_id, over.period AS over_period, over.cap AS over_cap,
         over.spent AS over_spent, over.resets_at AS over_resets_at,
         (SELECT json_agg(json_build_array(id, cap_left)) FROM key_left WHERE cap_left IS NOT NULL) AS cap_left
    FROM (SELECT) one LEFT JOIN over ON true`,
};

/** What a charge statement did with its set of calls. */
export type ChargeOutcome =
  | {
      charged: true;
      /** The team's balance after the charge. */
      balance: number;
      /** What each capped key among the calls' may still spend after it (key id → credits). */
      capLeft: ReadonlyMap<number, number>;
    }
  | {
      charged: false;
      /** The team's balance that refused the set; null when the team does not exist. */
      balance: number | null;
      /** The key cap the set would have passed; null when the balance refused it. */
      cap: CapRefusal | null;
    };

interface ChargeRow {
  credits_balance: string | null;
  balance_before: string | null;
  over_key_id: number | null;
  over_period: string | null;
  over_cap: number | null;
  over_spent: string | null;
  over_resets_at: Date | null;
  cap_left: Array<[number, number]> | null;
}

/**
 * Charges a set of calls of one team at once, all or nothing, in one statement: the balance
 * goes down by their matches and each paying key's daily and monthly spend up by its calls'
 * matches, each call with matches gets a `match` ledger row and marks its Idempotency-Key
 * charged, each call a usage row (rows carry the call's chargeId) and an access_log row per
 * record it returns (`accessed`). Refused, with nothing written, when the team cannot pay for
 * the whole set (or does not exist) or when any key would pass a cap (`cap` says which). Calls
 * without matches are never refused. Callers that want a partial answer retry the calls one by
 * one.
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
): Promise<ChargeOutcome> {
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
  const [row] = await runPrepared<ChargeRow>(db, CHARGE, [
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
  if (row.credits_balance !== null) {
    return {
      charged: true,
      balance: Number(row.credits_balance),
      capLeft: new Map((row.cap_left ?? []).map(([id, left]) => [id, Number(left)])),
    };
  }
  return {
    charged: false,
    balance: row.balance_before === null ? null : Number(row.balance_before),
    cap: capRefusalOf(row),
  };
}
