import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  AckPolicy,
  connect,
  type Consumer,
  type JetStreamClient,
  type JsMsg,
  nanos,
  type NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { natsConnectionOptions, natsSeedOptions } from '@app/server';
import type { ChunkToEnqueue } from '@app/store';

const RETRY_MS = 2000;
const CONSUMER = 'job-runners';
/** Copies of one message published within this window are dropped by the server. */
const DUPLICATE_WINDOW_MS = 120_000;
const encoder = new TextEncoder();

/**
 * The JetStream work queue of job chunks: a stream that keeps a message until a runner
 * acknowledges it, and one durable consumer every runner pulls from, so each chunk goes to one
 * runner at a time and to another when its runner stops acknowledging (killed, hung) within
 * JOB_CHUNK_ACK_WAIT_MS. Postgres stays the record of the work; a message only says "run this".
 * The connection is made in the background: a process without NATS still starts, and what needs
 * the queue answers 503 until it is there.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private nc: NatsConnection | null = null;
  private js: JetStreamClient | null = null;
  private ready: Promise<void>;
  private markReady!: () => void;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  /** The stream and consumer are made on first use, so a process that never uses jobs makes neither. */
  private declared: Promise<void> | null = null;
  readonly stream: string;
  readonly subject: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.stream = `${config.nats.subjectPrefix}_jobs`;
    this.subject = `${config.nats.subjectPrefix}.jobs.chunk`;
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  onModuleInit(): void {
    void this.attempt();
  }

  /** Puts chunks on the queue, each confirmed stored by the server; 503 when it cannot be reached in time. */
  async publish(chunks: readonly ChunkToEnqueue[]): Promise<void> {
    const js = await this.client();
    const timeout = this.config.nats.requestTimeoutMs;
    for (const c of chunks) {
      const data = encoder.encode(JSON.stringify({ job_id: c.job_id, chunk_no: c.chunk_no }));
      try {
        await js.publish(this.subject, data, { msgID: `${c.job_id}:${c.chunk_no}:${c.enqueues}`, timeout });
      } catch (error) {
        throw unavailable(`the job queue did not confirm a chunk: ${(error as Error).message}`);
      }
    }
  }

  /** The consumer runners pull chunks from; waits (bounded) for the connection. */
  async consumer(): Promise<Consumer> {
    const js = await this.client();
    return js.consumers.get(this.stream, CONSUMER);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const nc = this.nc;
    this.nc = null;
    if (nc && !nc.isClosed()) await nc.drain().catch(() => nc.close());
  }

  private async client(): Promise<JetStreamClient> {
    const js = await this.connection();
    this.declared ??= this.declare(this.nc!).catch((error: Error) => {
      this.declared = null;
      throw unavailable(`the job queue could not be set up: ${error.message}`);
    });
    await this.declared;
    return js;
  }

  private async connection(): Promise<JetStreamClient> {
    const wait = this.config.nats.requestTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable(`no job queue within ${wait} ms`)), wait);
    });
    try {
      await Promise.race([this.ready, late]);
    } finally {
      clearTimeout(timer);
    }
    return this.js!;
  }

  private async attempt(): Promise<void> {
    if (this.closed) return;
    try {
      const nc = await connect({
        ...natsSeedOptions(this.config.nats),
        name: 'job-queue',
        timeout: this.config.nats.requestTimeoutMs,
        ...natsConnectionOptions(this.config.nats, this.config.nodeEnv),
      });
      if (this.closed) return void (await nc.close());
      this.nc = nc;
      this.js = nc.jetstream({ timeout: this.config.nats.requestTimeoutMs });
      this.markReady();
    } catch (error) {
      this.logger.warn(`job queue not ready (${(error as Error).message}); retrying in ${RETRY_MS} ms`);
      this.retry = setTimeout(() => void this.attempt(), RETRY_MS);
      this.retry.unref();
    }
  }

  /** The stream and its consumer, made if missing, their settings brought to this config if not. */
  private async declare(nc: NatsConnection): Promise<void> {
    const jsm = await nc.jetstreamManager({ timeout: this.config.nats.requestTimeoutMs });
    const stream = {
      name: this.stream,
      subjects: [this.subject],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      num_replicas: this.config.jobs.queueReplicas,
    };
    try {
      await jsm.streams.info(this.stream);
    } catch {
      await jsm.streams.add(stream);
    }
    const consumer = {
      durable_name: CONSUMER,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.config.jobs.chunkAckWaitMs),
      // Postgres counts a chunk's attempts and fails its job past the limit; the queue never gives up on it.
      max_deliver: -1,
      max_ack_pending: 10_000,
    };
    try {
      const info = await jsm.consumers.info(this.stream, CONSUMER);
      if (info.config.ack_wait !== consumer.ack_wait)
        await jsm.consumers.update(this.stream, CONSUMER, consumer);
    } catch {
      await jsm.consumers.add(this.stream, consumer);
    }
  }
}

function unavailable(reason: string): ServiceError {
  return new ServiceError(
    'service_unavailable',
    `Bulk enrichment jobs are unavailable right now (${reason}). Try again shortly.`,
    {
      retry_after_seconds: 2,
    },
  );
}

/** Keeps a message from being handed to another runner while this one is still on it. */
export function keepWorking(message: JsMsg, everyMs: number): () => void {
  const timer = setInterval(() => message.working(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
