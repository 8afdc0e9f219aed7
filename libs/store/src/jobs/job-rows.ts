import type { BuildKind, Entity } from '@app/contracts';

export const JOB_STATUSES = [
  'queued',
  'running',
  'paused_insufficient_credits',
  'paused_key_cap_reached',
  'completed',
  'failed',
  'canceled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job in one of these still holds a place among its team's active jobs. */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = [
  'queued',
  'running',
  'paused_insufficient_credits',
  'paused_key_cap_reached',
];

export function isActiveJob(status: JobStatus): boolean {
  return ACTIVE_JOB_STATUSES.includes(status);
}

/** One enrichment_jobs row as read; timestamps as ISO strings. */
export interface JobRow {
  id: string;
  team_id: number;
  api_key_id: number;
  entity: Entity;
  build_kind: BuildKind;
  endpoint: string;
  status: JobStatus;
  defaults: Record<string, unknown>;
  webhook_url: string | null;
  item_count: number;
  chunk_count: number;
  chunks_done: number;
  done_count: number;
  matched_count: number;
  not_found_count: number;
  error_count: number;
  credits_charged: number;
  failure: { error: string; message: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** The select list that reads a JobRow, timestamps in UTC ISO 8601. */
export const JOB_COLUMNS = `
  j.id, j.team_id, j.api_key_id, j.entity, j.build_kind, j.endpoint, j.status, j.defaults,
  j.webhook_url, j.item_count, j.chunk_count, j.chunks_done, j.done_count, j.matched_count,
  j.not_found_count, j.error_count, j.credits_charged, j.failure,
  to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(j.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at,
  to_char(j.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at`;

/** What a webhook event and a status answer count; the same fields either way. */
export function jobCounts(job: JobRow) {
  return {
    items: job.item_count,
    done: job.done_count,
    matched: job.matched_count,
    not_found: job.not_found_count,
    errors: job.error_count,
  };
}
