import type { NatsConnection } from 'nats';
import type { AppConfig } from '@app/config';
import { ACCESS_EVENTS, type KeysRevokedEvent, SECRET_HASH_PATTERN } from '@app/contracts';
import {
  type BroadcastChannel,
  BroadcastListener,
  broadcastOnce,
  broadcastSubject,
  publishBroadcast,
} from './broadcast';

/** ~67 bytes a hash: a message stays far below NATS's default 1 MB payload limit. */
const HASHES_PER_MESSAGE = 1000;

const decoder = new TextDecoder();

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

const KEY_REVOCATIONS: BroadcastChannel<KeysRevokedEvent> = {
  event: ACCESS_EVENTS.keysRevoked,
  what: 'key revocations',
  parse: (data) => {
    const hashes = parseKeysRevoked(data);
    return hashes && { secret_hashes: hashes };
  },
};

export function keyRevocationSubject(config: AppConfig): string {
  return broadcastSubject(config, KEY_REVOCATIONS);
}

function events(secretHashes: readonly string[]): KeysRevokedEvent[] {
  const out: KeysRevokedEvent[] = [];
  for (let i = 0; i < secretHashes.length; i += HASHES_PER_MESSAGE)
    out.push({ secret_hashes: secretHashes.slice(i, i + HASHES_PER_MESSAGE) });
  return out;
}

/** Publishes on an open connection and waits (bounded) until the server has them all. */
export function publishKeyRevocations(
  nc: NatsConnection,
  config: AppConfig,
  secretHashes: readonly string[],
): Promise<void> {
  return publishBroadcast(nc, config, KEY_REVOCATIONS, events(secretHashes));
}

/**
 * Tells every gateway process that these keys are revoked (already committed in Postgres), so
 * each evicts them from its key cache at once. Throws when NATS cannot be reached, and the keys
 * then stop working within API_KEY_CACHE_TTL_MS as before. Nothing to send, nothing done.
 */
export function broadcastKeyRevocations(config: AppConfig, secretHashes: string[]): Promise<void> {
  return broadcastOnce(config, KEY_REVOCATIONS, events(secretHashes));
}

export interface KeyRevocationHandlers {
  /** Keys revoked anywhere: forget them now. */
  revoked(secretHashes: string[]): void;
  /** See BroadcastHandlers.listening: whoever caches keys must not trust the cache while false. */
  listening(on: boolean): void;
}

/** A gateway's subscription to key revocations (BroadcastListener), publishing by secret hashes. */
export class KeyRevocationListener {
  private constructor(private readonly listener: BroadcastListener<KeysRevokedEvent>) {}

  static async start(
    config: AppConfig,
    handlers: KeyRevocationHandlers,
    log: { warn(message: string): void },
  ): Promise<KeyRevocationListener> {
    const listener = await BroadcastListener.start(
      config,
      KEY_REVOCATIONS,
      { received: (event) => handlers.revoked(event.secret_hashes), listening: handlers.listening },
      log,
    );
    return new KeyRevocationListener(listener);
  }

  publish(secretHashes: readonly string[]): Promise<void> {
    return this.listener.publish(events(secretHashes));
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
