/**
 * When to try a delivery again, and when to stop. The base schedule is the one the Standard
 * Webhooks spec gives as its example: an endpoint down for a deploy gets the event within minutes,
 * one down for a day still gets it, and then we stop (about 27.5 hours after the first attempt).
 *
 * Jitter is ±20 % of each step rather than "full" jitter (uniform from zero): full jitter would
 * let a 10-hour step fire after seconds and collapse the schedule; ±20 % is enough to spread a
 * burst of deliveries that failed together against the same recovering endpoint.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The delay before attempt n (index n - 1); the first attempt is immediate. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;
export const JITTER = 0.2;

/** What one attempt came to; `deliver` returns these. */
export type AttemptOutcome =
  | { kind: 'response'; status: number }
  | { kind: 'timeout' }
  | { kind: 'network_error' }
  /** The destination guard refused the URL; `permanent` when no retry can change that. */
  | { kind: 'refused'; permanent: boolean };

export type NextStep =
  | { action: 'delivered' }
  /** 410 Gone: the receiver asked us to stop; the endpoint is disabled, not merely failing. */
  | { action: 'disable_endpoint' }
  | { action: 'retry'; attempt: number; delayMs: number }
  /** Out of attempts, or a URL that can never be delivered to: the endpoint is marked failing. */
  | { action: 'mark_failing' };

export interface ScheduleOptions {
  /** Uniform in [0, 1); tests pass a fixed one. */
  random?: () => number;
  /** Tests pass a short schedule; its length is the number of attempts. */
  schedule?: readonly number[];
}

/** Decides after attempt `attempt` (1-based) came to `outcome`. */
export function nextAttempt(
  attempt: number,
  outcome: AttemptOutcome,
  options: ScheduleOptions = {},
): NextStep {
  const schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > schedule.length) {
    throw new RangeError(`attempt must be 1 to ${schedule.length}, got ${attempt}`);
  }
  if (outcome.kind === 'response') {
    if (outcome.status >= 200 && outcome.status < 300) return { action: 'delivered' };
    if (outcome.status === 410) return { action: 'disable_endpoint' };
  }
  if (outcome.kind === 'refused' && outcome.permanent) return { action: 'mark_failing' };
  // Anything else (3xx not followed, other 4xx, 5xx, a timeout, a reset, a refused address that
  // DNS may yet change) is worth another try while the schedule lasts.
  if (attempt >= schedule.length) return { action: 'mark_failing' };
  return {
    action: 'retry',
    attempt: attempt + 1,
    delayMs: jittered(schedule[attempt], options.random ?? Math.random),
  };
}

function jittered(delayMs: number, random: () => number): number {
  return Math.round(delayMs * (1 + (2 * random() - 1) * JITTER));
}
