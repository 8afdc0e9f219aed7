import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, webhookSecretsKey } from '@app/config';
import { withTimeout } from '@app/server';
import {
  claimWebhookDeliveries,
  ClaimedWebhookDelivery,
  recordWebhookAttempt,
  webhookSecretsOf,
} from '@app/store';
import { type Allowlist, deliver, MAX_ATTEMPTS, parseAllowlist, type WebhookEvent } from '@app/webhooks';
import { AttemptVerdict, judgeAttempt, withinSchedule } from './attempt-outcome';

const POLL_MS = 250;
/** After a failed poll (Postgres away): long enough not to spin, short enough to catch up soon. */
const ERROR_BACKOFF_MS = 5_000;
const BATCH = 32;
/** Attempts in flight per process; each holds a socket for up to WEBHOOK_TIMEOUT_MS. */
const CONCURRENCY = 8;
/** Beyond the attempt's own timeout: the guard's DNS lookup and recording the outcome. */
const ATTEMPT_MARGIN_MS = 5_000;
/** The lease outlasts any attempt, so a delivery is never attempted twice at once. */
const LEASE_MARGIN_MS = 30_000;

/**
 * Sends the webhook outbox (docs/bulk-jobs.md, "Webhooks") in processes that run jobs
 * (JOB_RUNNER=on). Each poll claims a bounded batch of due deliveries, attempts them a few at a
 * time, signed with every secret of the team that signs now, and records what `nextAttempt`
 * decides. Several processes poll the same table; the claim's row locks and lease keep each
 * delivery to one of them. A process that stops mid-attempt leaves the delivery to the lease.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private readonly enabled: boolean;
  private readonly allowlist: Allowlist;
  private readonly key: Buffer;
  private readonly timeoutMs: number;
  private readonly schedule: readonly number[] | undefined;
  private readonly attempts: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.enabled = config.jobs.runner;
    // Parsed at boot, so a typo in WEBHOOK_ALLOWLIST stops the process instead of every delivery.
    this.allowlist = parseAllowlist(config.webhooks.allowlist);
    this.key = webhookSecretsKey(config);
    this.timeoutMs = config.webhooks.timeoutMs;
    this.schedule = config.webhooks.retryScheduleMs ?? undefined;
    this.attempts = this.schedule?.length ?? MAX_ATTEMPTS;
  }

  onApplicationBootstrap(): void {
    if (this.enabled) this.next(0);
  }

  /** Before the database closes: no new poll, and the one under way ends or is left to its lease. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return;
    await withTimeout(this.running, this.timeoutMs + ATTEMPT_MARGIN_MS, 'webhook deliveries under way').catch(
      (error: Error) => this.logger.warn(`${error.message}; their leases hand them to another runner`),
    );
  }

  /** One poll: claims what is due and attempts it; answers how many it claimed. */
  async poll(): Promise<number> {
    const claimed = await claimWebhookDeliveries(this.db, {
      limit: BATCH,
      leaseMs: this.timeoutMs + LEASE_MARGIN_MS,
    });
    const secrets = new Map<number, Promise<string[]>>();
    const secretsOf = (teamId: number) => {
      let found = secrets.get(teamId);
      if (!found) secrets.set(teamId, (found = webhookSecretsOf(this.db, teamId, this.key)));
      return found;
    };
    await forEachBounded(claimed, CONCURRENCY, (d) => this.attempt(d, secretsOf));
    return claimed.length;
  }

  private next(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      let wait = POLL_MS;
      this.running = this.poll()
        // A full batch means more may be due: go again at once.
        .then((n) => void (wait = n >= BATCH ? 0 : POLL_MS))
        .catch((error: Error) => {
          wait = ERROR_BACKOFF_MS;
          this.logger.warn(`webhook poll failed: ${error.message}`);
        })
        .finally(() => {
          this.running = null;
          this.next(wait);
        });
    }, ms);
    this.timer.unref();
  }

  private async attempt(d: ClaimedWebhookDelivery, secretsOf: (teamId: number) => Promise<string[]>) {
    let verdict: AttemptVerdict;
    try {
      verdict = await withTimeout(this.send(d, secretsOf), this.timeoutMs + ATTEMPT_MARGIN_MS, 'webhook');
    } catch (error) {
      this.logger.warn(`${d.messageId} (team ${d.teamId}) attempt ${d.attempt}: ${(error as Error).message}`);
      verdict = judgeAttempt(d.attempt, { kind: 'not_sent' }, this.schedule);
    }
    try {
      const recorded = await recordWebhookAttempt(this.db, { id: d.id, attempt: d.attempt, ...verdict });
      // Ids and status only: the URL's query may hold a token of the team's, the body is theirs.
      this.logger.debug(
        `${d.messageId} (team ${d.teamId}) attempt ${d.attempt}: ${verdict.step.action}` +
          (verdict.status === null ? '' : ` HTTP ${verdict.status}`) +
          (recorded ? '' : ' (not recorded: claimed again meanwhile)'),
      );
    } catch (error) {
      // Left pending: the lease makes it due again, and the claim counts this attempt.
      this.logger.warn(
        `${d.messageId} (team ${d.teamId}): attempt not recorded: ${(error as Error).message}`,
      );
    }
  }

  private async send(
    d: ClaimedWebhookDelivery,
    secretsOf: (teamId: number) => Promise<string[]>,
  ): Promise<AttemptVerdict> {
    if (!withinSchedule(d.attempt, this.attempts))
      return judgeAttempt(d.attempt, { kind: 'exhausted' }, this.schedule);
    const secrets = await secretsOf(d.teamId);
    if (secrets.length === 0) return judgeAttempt(d.attempt, { kind: 'no_secret' }, this.schedule);
    // The stored body is JSON.stringify of the event; deliver re-serializes it to the same bytes.
    const event = JSON.parse(d.body) as WebhookEvent;
    const result = await deliver({
      url: d.url,
      secrets,
      id: d.messageId,
      event,
      allowlist: this.allowlist,
      timeoutMs: this.timeoutMs,
    });
    return judgeAttempt(d.attempt, result, this.schedule);
  }
}

/** `work` on every item, at most `limit` at a time; `work` handles its own errors. */
async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
