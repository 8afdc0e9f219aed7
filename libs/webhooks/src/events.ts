import { randomUUID } from 'node:crypto';

/**
 * Thin event payloads: ids and counts, never records. A receiver fetches what it needs with its
 * API key, so a leaked or misrouted webhook carries no personal data and the payload cannot go
 * stale against the record it names.
 */
export const WEBHOOK_EVENT_TYPES = ['job.completed', 'job.failed', 'job.paused'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The job's state the event reports, named after the event so the two cannot disagree. */
export type JobEventStatus = 'completed' | 'failed' | 'paused';

export interface JobCounts {
  items: number;
  done: number;
  matched: number;
  not_found: number;
  errors: number;
}

export interface JobEventData {
  job_id: string;
  status: JobEventStatus;
  counts: JobCounts;
  credits_charged: number;
}

export interface WebhookEvent {
  type: WebhookEventType;
  /** ISO 8601: when the event happened, not when an attempt is sent (that is webhook-timestamp). */
  timestamp: string;
  data: JobEventData;
}

export interface JobEventInput {
  jobId: string;
  counts: JobCounts;
  creditsCharged: number;
}

const COUNT_KEYS = [
  'items',
  'done',
  'matched',
  'not_found',
  'errors',
] as const satisfies readonly (keyof JobCounts)[];

export function jobEvent(type: WebhookEventType, job: JobEventInput, at: Date): WebhookEvent {
  if (!job.jobId) throw new RangeError('a job event needs a job id');
  // Copied field by field: a caller handing over a whole job row must not widen the payload.
  const counts = Object.fromEntries(
    COUNT_KEYS.map((k) => [k, count(k, job.counts[k])]),
  ) as unknown as JobCounts;
  return {
    type,
    timestamp: at.toISOString(),
    data: {
      job_id: job.jobId,
      status: type.slice('job.'.length) as JobEventStatus,
      counts,
      credits_charged: count('credits_charged', job.creditsCharged),
    },
  };
}

/**
 * The `webhook-id` of one delivery (one event to one endpoint). Made once and stored with the
 * delivery, so every retry of it carries the same id and a receiver can drop the replays.
 */
export function newMessageId(): string {
  return `msg_${randomUUID()}`;
}

/** The bytes sent and signed; made once per delivery, like its id. */
export function eventBody(event: WebhookEvent): string {
  return JSON.stringify(event);
}

function count(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a count, got ${value}`);
  return value;
}
