import { type DeliveryResult, nextAttempt, type NextStep } from '@app/webhooks';

/** What one attempt comes to in the outbox: the next step and what to tell the team about it. */
export interface AttemptVerdict {
  step: NextStep;
  status: number | null;
  error: string | null;
}

/**
 * Reads one attempt's result for the outbox. `attempt` past the schedule happens when a worker
 * died during the last attempt and its lease ran out: that attempt counts, and nothing is sent.
 */
export function judgeAttempt(
  attempt: number,
  result: DeliveryResult | { kind: 'exhausted' } | { kind: 'no_secret' } | { kind: 'not_sent' },
  schedule: readonly number[] | undefined,
  random?: () => number,
): AttemptVerdict {
  if (result.kind === 'exhausted')
    return { step: { action: 'mark_failing' }, status: null, error: 'no attempts left' };
  if (result.kind === 'no_secret' || result.kind === 'not_sent') {
    // Not the receiver's doing, but retried on the same schedule: the team may make a secret, our
    // fault may pass. Our own errors stay in our logs, not in what the team reads.
    const step = nextAttempt(attempt, { kind: 'network_error' }, { schedule, random });
    const error =
      result.kind === 'no_secret'
        ? 'the team has no webhook secret (POST /webhooks/secret)'
        : 'not sent: internal error';
    return { step, status: null, error };
  }
  const step = nextAttempt(attempt, result, { schedule, random });
  switch (result.kind) {
    case 'response':
      return { step, status: result.status, error: result.ok ? null : `answered HTTP ${result.status}` };
    case 'timeout':
      return { step, status: null, error: 'no answer in time' };
    case 'network_error':
      return { step, status: null, error: `network error: ${result.message}` };
    case 'refused':
      return { step, status: null, error: `refused (${result.code}): ${result.message}` };
  }
}

/** Whether `attempt` is still within the schedule (the default one when none is configured). */
export function withinSchedule(attempt: number, scheduleLength: number): boolean {
  return attempt >= 1 && attempt <= scheduleLength;
}
