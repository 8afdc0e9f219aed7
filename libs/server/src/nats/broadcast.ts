import { connect, Events, type NatsConnection } from 'nats';
import { natsServers, type AppConfig } from '@app/config';
import { natsSubject } from '@app/contracts';
import { withTimeout } from '../health/checks';
import { natsConnectionOptions } from './connection-options';
import { natsSeedOptions } from './seeds';

/** Between connection attempts while NATS cannot be reached at all. */
const RETRY_MS = 2000;

const encoder = new TextEncoder();

/**
 * A fan-out every process of a kind hears (not a queue group): key revocations, suppressions.
 * `event` is the subject under NATS_SUBJECT_PREFIX; `parse` validates an incoming message at
 * the trust boundary (null: malformed, ignored with a warning); `what` names it in warnings.
 */
export interface BroadcastChannel<T> {
  event: string;
  what: string;
  parse(data: Uint8Array): T | null;
}

export function broadcastSubject(config: AppConfig, channel: BroadcastChannel<unknown>): string {
  return natsSubject(config.nats.subjectPrefix, channel.event);
}

/** Publishes on an open connection and waits (bounded) until the server has them all. */
export async function publishBroadcast<T>(
  nc: NatsConnection,
  config: AppConfig,
  channel: BroadcastChannel<T>,
  messages: readonly T[],
): Promise<void> {
  const subject = broadcastSubject(config, channel);
  for (const message of messages) nc.publish(subject, encoder.encode(JSON.stringify(message)));
  await withTimeout(nc.flush(), config.nats.requestTimeoutMs, `NATS did not confirm the ${channel.what}`);
}

/**
 * For processes without a connection of their own (the CLI, the auth service): connects,
 * publishes, flushes and closes, every step bounded by NATS_REQUEST_TIMEOUT_MS; throws when NATS
 * cannot be reached. Nothing to send, nothing done.
 */
export async function broadcastOnce<T>(
  config: AppConfig,
  channel: BroadcastChannel<T>,
  messages: readonly T[],
): Promise<void> {
  if (messages.length === 0) return;
  const nc = await connect({
    servers: natsServers(config.nats),
    name: channel.event,
    timeout: config.nats.requestTimeoutMs,
    reconnect: false,
    ...natsConnectionOptions(config.nats, config.nodeEnv),
  });
  try {
    await publishBroadcast(nc, config, channel, messages);
  } finally {
    await nc.close();
  }
}

export interface BroadcastHandlers<T> {
  received(message: T): void;
  /**
   * true once subscribed (and again after a reconnect); false while messages may be missed.
   * Whoever caches what the messages invalidate must not trust the cache while false, and must
   * drop it when true again.
   */
  listening(on: boolean): void;
}

/**
 * A process's subscription to a broadcast channel, on a NATS connection of its own (Nest's NATS
 * client cannot subscribe). start() tries once, bounded; if NATS is unreachable the process
 * still starts and keeps trying every RETRY_MS, reporting listening(false) meanwhile. Once
 * connected it reconnects forever, reporting each disconnect and reconnect.
 */
export class BroadcastListener<T> {
  private nc: NatsConnection | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  protected constructor(
    private readonly config: AppConfig,
    private readonly channel: BroadcastChannel<T>,
    private readonly handlers: BroadcastHandlers<T>,
    private readonly log: { warn(message: string): void },
  ) {}

  static async start<T>(
    config: AppConfig,
    channel: BroadcastChannel<T>,
    handlers: BroadcastHandlers<T>,
    log: { warn(message: string): void },
  ): Promise<BroadcastListener<T>> {
    const listener = new BroadcastListener(config, channel, handlers, log);
    await listener.begin();
    return listener;
  }

  protected async begin(): Promise<void> {
    this.handlers.listening(false);
    await this.attempt();
  }

  /** Publishes on this connection; throws when not connected or not confirmed in time. */
  async publish(messages: readonly T[]): Promise<void> {
    if (messages.length === 0) return;
    if (!this.nc || this.nc.isClosed()) throw new Error('not connected to NATS');
    await publishBroadcast(this.nc, this.config, this.channel, messages);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const nc = this.nc;
    this.nc = null;
    if (nc && !nc.isClosed()) await nc.close();
  }

  private async attempt(): Promise<void> {
    try {
      const nc = await connect({
        ...natsSeedOptions(this.config.nats),
        name: `${this.channel.event}-listener`,
        timeout: this.config.nats.requestTimeoutMs,
        ...natsConnectionOptions(this.config.nats, this.config.nodeEnv),
      });
      if (this.closed) return void (await nc.close());
      this.nc = nc;
      // Watching first: nats.js reports a status only to iterators that exist when it happens.
      void this.watch(nc);
      nc.subscribe(broadcastSubject(this.config, this.channel), {
        callback: (error, message) => {
          const parsed = error ? null : this.channel.parse(message.data);
          if (parsed !== null) this.handlers.received(parsed);
          else this.log.warn(`ignored a malformed ${this.channel.event} message`);
        },
      });
      await this.confirmSubscribed(nc);
    } catch (error) {
      // Connected but the subscription was not confirmed: start over on a fresh connection.
      const stale = this.nc;
      this.nc = null;
      if (stale && !stale.isClosed()) await stale.close().catch(() => undefined);
      if (this.closed) return;
      this.log.warn(`cannot listen for ${this.channel.what} (${(error as Error).message}); retrying`);
      this.retry = setTimeout(() => void this.attempt(), RETRY_MS);
    }
  }

  /** The server has the subscription once a flush comes back: from then on nothing is missed. */
  private async confirmSubscribed(nc: NatsConnection): Promise<void> {
    await withTimeout(nc.flush(), this.config.nats.requestTimeoutMs, 'NATS did not confirm the subscription');
    this.handlers.listening(true);
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect) {
        this.log.warn(`lost NATS: ${this.channel.what} may be missed until it is back`);
        this.handlers.listening(false);
      } else if (status.type === Events.Reconnect) {
        // Unconfirmed, it stays not listening until the next reconnect: the safe side.
        await this.confirmSubscribed(nc).catch(() => undefined);
      }
    }
  }
}
