import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Consumer, JsMsg } from 'nats';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { chunkFailed, chunkLeased, claimChunk, type ClaimedChunk, renewChunkLease } from '@app/store';
import { parseChunkMessage } from '../job-queue/chunk-message';
import { JobQueue, keepWorking } from '../job-queue/job-queue';
import { ChunkProcessor } from './chunk-processor';

/** A chunk that failed this many times fails its job (the items done keep their outcomes). */
export const MAX_CHUNK_ATTEMPTS = 5;
/** How long one pull waits for a message before asking again (and noticing a shutdown). */
const PULL_EXPIRES_MS = 5000;

/**
 * JOB_RUNNER=on: JOB_RUNNER_CONCURRENCY loops, each pulling one chunk at a time off the queue,
 * running it, and acknowledging it only once its commit is in (or there was nothing to do).
 * While a chunk runs, its message and its lease in Postgres are kept alive; a runner that dies
 * keeps neither, so within JOB_CHUNK_ACK_WAIT_MS the chunk goes to another runner, which
 * starts from the chunk's last commit. A failing chunk is retried with backoff, and fails its
 * job after MAX_CHUNK_ATTEMPTS.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('JobRunner');
  private stopping = false;
  private loops: Promise<void>[] = [];
  /** The lease is shorter than the ack wait, so a redelivered chunk finds its dead runner's lease over. */
  private readonly leaseMs: number;
  /** Written on the chunks this process claims: which runner did what. */
  private readonly runnerId = `${hostname()}:${process.pid}`;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly processor: ChunkProcessor,
  ) {
    this.leaseMs = Math.floor(config.jobs.chunkAckWaitMs * 0.8);
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobs.runner) return;
    for (let i = 0; i < this.config.jobs.runnerConcurrency; i++) this.loops.push(this.loop());
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    let consumer: Consumer | null = null;
    while (!this.stopping) {
      try {
        consumer ??= await this.queue.consumer();
        const message = await consumer.next({ expires: PULL_EXPIRES_MS });
        if (message) await this.handle(message);
      } catch (error) {
        consumer = null;
        if (!this.stopping) {
          this.logger.warn(`job runner: ${(error as Error).message}; pulling again shortly`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    const named = parseChunkMessage(message.data);
    if (!named) {
      this.logger.warn('dropped a malformed job queue message');
      message.term();
      return;
    }
    const chunk = await claimChunk(this.db, named.job_id, named.chunk_no, this.leaseMs, this.runnerId);
    if (!chunk) {
      // Leased by a live runner: ask again once the lease may be over; else there is nothing to do.
      if (await chunkLeased(this.db, named.job_id, named.chunk_no)) message.nak(this.leaseMs);
      else message.ack();
      return;
    }
    const every = Math.max(100, Math.floor(this.leaseMs / 3));
    const stopWorking = keepWorking(message, every);
    const renew = setInterval(() => {
      void renewChunkLease(this.db, chunk.job_id, chunk.chunk_no, this.leaseMs).catch(() => undefined);
    }, every);
    try {
      await this.processor.run(chunk);
      message.ack();
    } catch (error) {
      await this.failed(chunk, message, error as Error);
    } finally {
      stopWorking();
      clearInterval(renew);
    }
  }

  private async failed(chunk: ClaimedChunk, message: JsMsg, error: Error): Promise<void> {
    let failures = chunk.failures + 1;
    try {
      failures = await chunkFailed(this.db, chunk.job_id, chunk.chunk_no);
      this.logger.warn(`job ${chunk.job_id} chunk ${chunk.chunk_no} failed (${failures}): ${error.message}`);
      if (failures >= MAX_CHUNK_ATTEMPTS) {
        await this.processor.fail(
          chunk.job_id,
          new ServiceError(
            'internal_error',
            `A part of this job failed ${MAX_CHUNK_ATTEMPTS} times; the job stopped.`,
          ),
        );
        message.ack();
        return;
      }
    } catch (e) {
      this.logger.warn(`job ${chunk.job_id}: could not record a failure: ${(e as Error).message}`);
    }
    message.nak(Math.min(60_000, 1000 * 2 ** failures));
  }
}
