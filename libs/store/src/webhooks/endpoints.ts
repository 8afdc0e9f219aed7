import type { Queryable } from '../builds';

export type WebhookEndpointState = 'active' | 'failing' | 'disabled';

/**
 * The URL is deliverable again: a job names it, so its team wants its events there, whatever a
 * 410 or an exhausted delivery said before. Later deliveries go out; earlier skipped ones stay so.
 */
export async function activateWebhookEndpoint(q: Queryable, teamId: number, url: string): Promise<void> {
  await q.query(
    `INSERT INTO webhook_endpoints (team_id, url, state) VALUES ($1, $2, 'active')
     ON CONFLICT (team_id, url) DO UPDATE
       SET state = 'active', consecutive_failures = 0, disabled_at = NULL`,
    [teamId, url],
  );
}
