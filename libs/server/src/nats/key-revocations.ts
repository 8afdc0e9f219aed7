import { connect, Events, type NatsConnection } from 'nats';
import { natsServers, type AppConfig } from '@app/config';
import { ACCESS_EVENTS, type KeysRevokedEvent, natsSubject, SECRET_HASH_PATTERN } from '@app/contracts';
import { natsConnectionOptions } from './connection-options';
import { natsSeedOptions } from './seeds';

/** ~67 bytes a hash: a message stays far below NATS's default 1 MB payload limit. */
const HASHES_PER_MESSAGE = 1000;
/** Between connection attempts while NATS cannot be reached at all. */
const RETRY_MS = 2000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function keyRevocationSubject(config: AppConfig): string {
  return natsSubject(config.nats.subjectPrefix, ACCESS_EVENTS.keysRevoked);
}

/** The secret hashes of an `access.keys-revoked` message; null when it is not one (ignored). */
export function parseKeysRevoked(data: Uint8Array): string[] | null {
  try {
    const event = JSON.parse(decoder.decode(data)) as Partial<KeysRevokedEvent>;
    const hashes = event?.secret_hashes;
    if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === 'string' && SECRET_HASH_PATTERN.test(h)))
      return null;
    return hashes;
  } catch {
    return null;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Publishes on an open connection and waits (bounded) until the server has them all. */
export async function publishKeyRevocations(
  nc: NatsConnection,
  config: AppConfig,
  secretHashes: readonly string[],
): Promise<void> {
  const subject = keyRevocationSubject(config);
  for (let i = 0; i < secretHashes.length; i += HASHES_PER_MESSAGE) {
    const event: KeysRevokedEvent = { secret_hashes: secretHashes.slice(i, i + HASHES_PER_MESSAGE) };
    nc.publish(subject, encoder.encode(JSON.stringify(event)));
  }
  await withTimeout(nc.flush(), config.nats.requestTimeoutMs, 'NATS did not confirm the key revocations');
}

/**
 * Tells every gateway process that these keys are revoked (already committed in Postgres), so
 * each evicts them from its key cache at once: for processes without a connection of their own
 * (the CLI, the auth service). Connects, publishes, flushes and closes, every step bounded by
 * NATS_REQUEST_TIMEOUT_MS; throws when NATS cannot be reached, and the keys then stop working
 * within API_KEY_CACHE_TTL_MS as before. Nothing to send, nothing done.
 */
export async function broadcastKeyRevocations(config: AppConfig, secretHashes: string[]): Promise<void> {
  if (secretHashes.length === 0) return;
  const nc = await connect({
    servers: natsServers(config.nats),
    name: 'key-revocations',
    timeout: config.nats.requestTimeoutMs,
    reconnect: false,
    ...natsConnectionOptions(config.nats, config.nodeEnv),
  });
  try {
    await publishKeyRevocations(nc, config, secretHashes);
  } finally {
    await nc.close();
  }
}

export interface KeyRevocationHandlers {
  /** Keys revoked anywhere: forget them now. */
  revoked(secretHashes: string[]): void;
  /**
   * true once subscribed (and again after a reconnect); false while revocations may be missed.
   * Whoever caches keys must not trust its cache while false, and must drop it when true again.
   */
  listening(on: boolean): void;
}

/**
 * A process's subscription to key revocations, on a NATS connection of its own (Nest's NATS
 * client cannot subscribe). start() tries once, bounded; if NATS is unreachable the process
 * still starts and keeps trying every RETRY_MS, reporting listening(false) meanwhile. Once
 * connected it reconnects forever, reporting each disconnect and reconnect.
 */
export class KeyRevocationListener {
  private nc: NatsConnection | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    private readonly config: AppConfig,
    private readonly handlers: KeyRevocationHandlers,
    private readonly log: { warn(message: string): void },
  ) {}

  static async start(
    config: AppConfig,
    handlers: KeyRevocationHandlers,
    log: { warn(message: string): void },
  ): Promise<KeyRevocationListener> {
    const listener = new KeyRevocationListener(config, handlers, log);
    handlers.listening(false);
    await listener.attempt();
    return listener;
  }

  /** Publishes on this connection; throws when not connected or not confirmed in time. */
  async publish(secretHashes: readonly string[]): Promise<void> {
    if (secretHashes.length === 0) return;
    if (!this.nc || this.nc.isClosed()) throw new Error('not connected to NATS');
    await publishKeyRevocations(this.nc, this.config, secretHashes);
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
        name: 'key-revocations-listener',
        timeout: this.config.nats.requestTimeoutMs,
        ...natsConnectionOptions(this.config.nats, this.config.nodeEnv),
      });
      if (this.closed) return void (await nc.close());
      this.nc = nc;
      // Watching first: nats.js reports a status only to iterators that exist when it happens.
      void this.watch(nc);
      nc.subscribe(keyRevocationSubject(this.config), {
        callback: (error, message) => {
          const hashes = error ? null : parseKeysRevoked(message.data);
          if (hashes) this.handlers.revoked(hashes);
          else this.log.warn(`ignored a malformed ${ACCESS_EVENTS.keysRevoked} message`);
        },
      });
      await this.confirmSubscribed(nc);
    } catch (error) {
      // Connected but the subscription was not confirmed: start over on a fresh connection.
      const stale = this.nc;
      this.nc = null;
      if (stale && !stale.isClosed()) await stale.close().catch(() => undefined);
      if (this.closed) return;
      this.log.warn(
        `cannot listen for key revocations (${(error as Error).message}); API keys are not cached until it can`,
      );
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
        this.log.warn('lost NATS: API keys are not cached until key revocations can be heard again');
        this.handlers.listening(false);
      } else if (status.type === Events.Reconnect) {
        // Unconfirmed, it stays not listening (keys uncached) until the next reconnect: the safe side.
        await this.confirmSubscribed(nc).catch(() => undefined);
      }
    }
  }
}
