import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { AccessLogPurge, purgeAccessLog } from '@app/store';

const DAY_MS = 86_400_000;
/**
 * The first run waits a minute or two after boot (spread, so a fleet restarting together does
 * not line up), then one a day. Every gateway process keeps the timer; the purge's advisory lock
 * lets one of them do the work and the others pass.
 */
const FIRST_RUN_MS = 60_000;
const FIRST_RUN_SPREAD_MS = 60_000;

/**
 * The access log's daily job in the gateway (docs/access-log.md, "Storage and retention"):
 * partitions made ahead, the days that are over indexed, rows past ACCESS_LOG_RETENTION_DAYS
 * removed. A failed run (Postgres away) is
 * logged and tomorrow's tries again; the default partition keeps inserts working meanwhile.
 */
@Injectable()
export class AccessLogPurgeService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AccessLog');
  private readonly retentionDays: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.retentionDays = config.accessLog.retentionDays;
  }

  onApplicationBootstrap(): void {
    this.schedule(FIRST_RUN_MS + Math.floor(Math.random() * FIRST_RUN_SPREAD_MS));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One run; null when another process holds the purge. */
  async purge(now = new Date()): Promise<AccessLogPurge | null> {
    const done = await purgeAccessLog(this.db, this.retentionDays, now);
    if (done && done.created.length + done.indexed.length + done.dropped.length + done.deleted > 0)
      this.logger.log(
        `access log: created [${done.created.join(', ')}], indexed [${done.indexed.join(', ')}], ` +
          `dropped [${done.dropped.join(', ')}], deleted ${done.deleted} rows before ${done.cutoff}`,
      );
    return done;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.running = this.purge()
        .catch((error: Error) => this.logger.warn(`access log purge failed: ${error.message}`))
        .finally(() => {
          this.running = null;
          if (this.timer) this.schedule(DAY_MS);
        });
    }, ms);
    this.timer.unref();
  }
}
