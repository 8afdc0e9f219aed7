import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { purgeApiRequests } from '@app/store';

const DAY_MS = 86_400_000;

/**
 * Removes usage events older than USAGE_EVENTS_RETENTION_DAYS, once a day from a few minutes
 * after boot (at a random offset, so gateways restarted together do not all try at once; the
 * purge's advisory lock lets one of them work and the others pass). A failed run is logged and
 * the next day's tries again.
 */
@Injectable()
export class UsageEventsPurgeService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UsageEvents');
  private readonly retentionDays: number;
  private timer: NodeJS.Timeout | null = null;
  private run: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.retentionDays = config.usageEvents.retentionDays;
  }

  onApplicationBootstrap(): void {
    const first = 120_000 + Math.floor(Math.random() * 120_000);
    this.timer = setTimeout(() => this.daily(), first);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.run;
  }

  /** One run: the rows deleted, or null when another process holds the purge. */
  async purge(now = new Date()): Promise<number | null> {
    const deleted = await purgeApiRequests(this.db, new Date(now.getTime() - this.retentionDays * DAY_MS));
    if (deleted) this.logger.log(`usage events: deleted ${deleted} older than ${this.retentionDays} days`);
    return deleted;
  }

  private daily(): void {
    this.start();
    this.timer = setInterval(() => this.start(), DAY_MS);
    this.timer.unref();
  }

  private start(): void {
    this.run = this.purge().catch((error: Error) =>
      this.logger.warn(`usage events purge failed: ${error.message}`),
    );
  }
}
