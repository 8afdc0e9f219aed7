import { eventBody, newMessageId, type NextStep, type WebhookEvent } from '@app/webhooks';
import type { Queryable } from '../builds';
import { rowsOf } from './rows';

export interface WebhookEventInput {
  teamId: number;
  url: string;
  event: WebhookEvent;
}

/**
 * Puts one event for one URL in the outbox. Call it in the transaction that decides the event
 * (a job's last chunk commit), so the event exists exactly when that decision does; the delivery
 * worker sends it after the commit. Its message id and body are fixed here for every attempt.
 */
export async function enqueueWebhookEvent(q: Queryable, input: WebhookEventInput): Promise<void> {
  await q.query(
    `INSERT INTO webhook_deliveries (team_id, url, message_id, event_type, body) VALUES ($1, $2, $3, $4, $5)`,
    [input.teamId, input.url, newMessageId(), input.event.type, eventBody(input.event)],
  );
}

/** A delivery a worker holds for one attempt. */
export interface ClaimedWebhookDelivery {
  id: string;
  teamId: number;
  url: string;
  messageId: string;
  eventType: string;
  body: string;
  /** This attempt's number, 1-based: the claim counted it. */
  attempt: number;
}

export interface ClaimOptions {
  limit: number;
  /**
   * How long the attempt is the claimer's: the delivery is not due again before then, so a
   * worker that dies mid-attempt delays it by the lease and another worker tries it.
   */
  leaseMs: number;
}

/**
 * Takes up to `limit` due deliveries for this worker. SKIP LOCKED lets several runner processes
 * poll at once, each taking different rows; the lease moves them out of everyone's way until
 * the attempt is recorded. Deliveries to a disabled endpoint are marked skipped instead.
 */
export async function claimWebhookDeliveries(
  q: Queryable,
  options: ClaimOptions,
): Promise<ClaimedWebhookDelivery[]> {
  const rows = await rowsOf<{
    id: string;
    team_id: number;
    url: string;
    message_id: string;
    event_type: string;
    body: string;
    attempts: number;
    skipped: boolean;
  }>(
    q,
    `WITH due AS (
       SELECT d.id, coalesce(e.state = 'disabled', false) AS skipped
         FROM webhook_deliveries d
         LEFT JOIN webhook_endpoints e ON e.team_id = d.team_id AND e.url = d.url
        WHERE d.state = 'pending' AND d.next_attempt_at <= now()
        ORDER BY d.next_attempt_at
        LIMIT $1
          FOR UPDATE OF d SKIP LOCKED),
     claimed AS (
     UPDATE webhook_deliveries d
        SET state = CASE WHEN due.skipped THEN 'skipped' ELSE 'pending' END,
            attempts = d.attempts + CASE WHEN due.skipped THEN 0 ELSE 1 END,
            next_attempt_at = CASE WHEN due.skipped THEN d.next_attempt_at
                                   ELSE now() + make_interval(secs => $2 / 1000.0) END
       FROM due
      WHERE d.id = due.id
     RETURNING d.id, d.team_id, d.url, d.message_id, d.event_type, d.body, d.attempts, due.skipped)
     SELECT * FROM claimed`,
    [options.limit, options.leaseMs],
  );
  return rows
    .filter((r) => !r.skipped)
    .map((r) => ({
      id: String(r.id),
      teamId: r.team_id,
      url: r.url,
      messageId: r.message_id,
      eventType: r.event_type,
      body: r.body,
      attempt: r.attempts,
    }));
}

export interface WebhookAttemptRecord {
  id: string;
  /** The claimed attempt; a record for an attempt that is no longer the latest changes nothing. */
  attempt: number;
  /** What `nextAttempt` decided. */
  step: NextStep;
  /** The receiver's HTTP status, when it answered. */
  status: number | null;
  /** Why the attempt failed, for the team (no secrets, no answer bodies); null when it did not. */
  error: string | null;
}

const ERROR_CHARS = 500;

/** Each step's delivery state, and what it tells the endpoint ('ok' resets its failures). */
const DELIVERY_STATE: Record<NextStep['action'], string> = {
  delivered: 'delivered',
  retry: 'pending',
  mark_failing: 'failed',
  disable_endpoint: 'failed',
};
const ENDPOINT_CHANGE: Record<NextStep['action'], string> = {
  delivered: 'ok',
  retry: 'failed_attempt',
  mark_failing: 'failing',
  disable_endpoint: 'disabled',
};

/**
 * Records one attempt and what follows: delivered, retried after the step's delay, or given up
 * with the endpoint marked failing (or disabled, for a 410). One statement, so the delivery and
 * its endpoint never disagree. Returns false when the delivery was no longer this attempt's
 * (its lease ran out and another worker claimed it).
 */
export async function recordWebhookAttempt(q: Queryable, record: WebhookAttemptRecord): Promise<boolean> {
  const { step } = record;
  const delayMs = step.action === 'retry' ? step.delayMs : 0;
  const rows = await rowsOf<{ id: string }>(
    q,
    `WITH d AS (
       UPDATE webhook_deliveries
          SET state = $3,
              next_attempt_at = CASE WHEN $3 = 'pending'
                                     THEN now() + make_interval(secs => $4 / 1000.0) ELSE next_attempt_at END,
              delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
              last_status = $5,
              last_error = $6
        WHERE id = $1 AND attempts = $2 AND state = 'pending'
       RETURNING id, team_id, url),
     e AS (
       INSERT INTO webhook_endpoints AS w (team_id, url, state, consecutive_failures, last_failure_at, disabled_at)
       SELECT team_id, url,
              CASE $7 WHEN 'disabled' THEN 'disabled' WHEN 'failing' THEN 'failing' ELSE 'active' END,
              CASE WHEN $7 = 'ok' THEN 0 ELSE 1 END,
              CASE WHEN $7 = 'ok' THEN NULL ELSE now() END,
              CASE WHEN $7 = 'disabled' THEN now() END
         FROM d
       ON CONFLICT (team_id, url) DO UPDATE SET
         consecutive_failures = CASE WHEN $7 = 'ok' THEN 0 ELSE w.consecutive_failures + 1 END,
         last_failure_at = CASE WHEN $7 = 'ok' THEN w.last_failure_at ELSE now() END,
         -- A success clears failing but never a 410's disable: only a job naming the URL does.
         state = CASE
           WHEN $7 = 'disabled' OR w.state = 'disabled' THEN 'disabled'
           WHEN $7 = 'failing' THEN 'failing'
           WHEN $7 = 'ok' THEN 'active'
           ELSE w.state END,
         disabled_at = CASE WHEN $7 = 'disabled' AND w.state <> 'disabled' THEN now() ELSE w.disabled_at END)
     SELECT id FROM d`,
    [
      record.id,
      record.attempt,
      DELIVERY_STATE[step.action],
      delayMs,
      record.status,
      record.error === null ? null : record.error.slice(0, ERROR_CHARS),
      ENDPOINT_CHANGE[step.action],
    ],
  );
  return rows.length > 0;
}

/**
 * Deletes settled deliveries (delivered, failed, skipped) made more than `days` ago, at most
 * `limit` a call; how many. Pending ones stay whatever their age: their schedule decides.
 */
export async function purgeWebhookDeliveries(q: Queryable, days: number, limit: number): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    q,
    `WITH old AS (
       SELECT id FROM webhook_deliveries
        WHERE state <> 'pending' AND created_at < now() - $1 * interval '1 day' LIMIT $2),
     d AS (DELETE FROM webhook_deliveries w USING old WHERE w.id = old.id RETURNING w.id)
     SELECT count(*)::int AS n FROM d`,
    [days, limit],
  );
  return rows[0].n;
}
