import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  purgeFinishedJobs,
  purgeWebhookDeliveries,
  requeueJobChunks,
  requeueStaleChunks,
  resumeFundedJobs,
} from '@app/store';
import { JobQueue } from '../job-queue/job-queue';

/** A chunk whose message has not led to a run in this long is put on the queue again. */
const STALE_CHUNK_MS = 15 * 60_000;
const STALE_BATCH = 1000;
const PURGE_BATCH = 100;

/**
 * Each runner, every JOB_SWEEP_INTERVAL_MS: resumes paused jobs whose team has credits again
 * (each resumed by exactly one runner: the UPDATE that resumes it returns it once), re-enqueues
 * chunks whose message was lost, and deletes jobs and settled webhook deliveries past
 * JOB_RETENTION_DAYS.
 */
@Injectable()
export class JobSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('JobSweeper');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobs.runner) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    }, this.config.jobs.sweepIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<void> {
    try {
      for (const jobId of await resumeFundedJobs(this.db)) {
        this.logger.log(`job ${jobId} resumed: its team has credits again`);
        await this.queue.publish(await requeueJobChunks(this.db, jobId));
      }
      await this.queue.publish(await requeueStaleChunks(this.db, STALE_CHUNK_MS, STALE_BATCH));
      await purgeFinishedJobs(this.db, this.config.jobs.retentionDays, PURGE_BATCH);
      await purgeWebhookDeliveries(this.db, this.config.jobs.retentionDays, PURGE_BATCH);
    } catch (error) {
      // A chunk left unpublished here is stale by the next sweeps and put on the queue then.
      this.logger.warn(`job sweep: ${(error as Error).message}`);
    }
  }
}
