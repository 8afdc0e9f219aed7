import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { purgeAttempts, purgeStaleClaims } from '@app/store';
import { RETENTION } from './retention';

export interface PurgeRun {
  claims: number;
  attempts: number;
}

/**
 * Purges stale claims (with their unconfirmed agents) and old attempts every RETENTION.everyMs,
 * in every auth process: the deletes skip rows another process holds, so processes share the
 * work instead of waiting on each other. A failed run (Postgres away) is logged and the next
 * one tries again.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      // One run at a time: a slow one is never overlapped by the next.
      this.running ??= this.purge()
        .catch((error: Error) => this.logger.warn(`purge failed: ${error.message}`))
        .finally(() => (this.running = null));
    }, RETENTION.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One bounded run; answers how many of each it deleted. */
  async purge(batch: number = RETENTION.batch): Promise<PurgeRun> {
    const claims = await purgeStaleClaims(this.ds, RETENTION.claimSeconds, batch);
    const attempts = await purgeAttempts(this.ds, RETENTION.attemptSeconds, batch);
    if (claims + attempts > 0) this.logger.log(`purged ${claims} stale claims, ${attempts} attempts`);
    return { claims, attempts };
  }
}
