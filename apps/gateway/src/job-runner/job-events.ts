import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { enqueueWebhookEvent, jobCounts, type JobRow } from '@app/store';
import { jobEvent, type WebhookEventType } from '@app/webhooks';

/**
 * A job's webhook events go into the outbox in the transaction that changes its state, so an
 * event is sent if and only if the change commits (the delivery worker sends it later).
 */
@Injectable()
export class JobEvents {
  async record(client: PoolClient, job: JobRow, type: WebhookEventType): Promise<void> {
    if (!job.webhook_url) return;
    const event = jobEvent(
      type,
      { jobId: job.id, counts: jobCounts(job), creditsCharged: job.credits_charged },
      new Date(),
    );
    await enqueueWebhookEvent(client, { teamId: job.team_id, url: job.webhook_url, event });
  }
}
