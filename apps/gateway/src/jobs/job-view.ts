import { jobCounts, type JobRow } from '@app/store';
import type { JobDto } from './dto/job.dto';

/** The one mapping of a stored job to what callers see: no team, key or internal counters. */
export function jobView(job: JobRow, baseUrl: string): JobDto {
  const url = `${baseUrl}/jobs/${job.id}`;
  return {
    id: job.id,
    entity: job.entity,
    sandbox: job.build_kind === 'sandbox',
    status: job.status,
    counts: jobCounts(job),
    credits_charged: job.credits_charged,
    webhook_url: job.webhook_url,
    failure: job.failure,
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
    status_url: url,
    results_url: `${url}/results`,
  };
}
