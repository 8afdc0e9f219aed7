import type { ConnectionOptions } from 'nats';
import { natsServers, type NatsConfig } from '@app/config';

/** Longest pause before trying the same server again; another seed is tried at once. */
export const NATS_RECONNECT_WAIT_MS = 1000;

/**
 * Where and how a long-lived connection (gateway client, search worker, key-revocation
 * listener) reaches NATS: every seed of NATS_URL, and reconnecting forever. nats.js moves to the
 * next seed (or a node the cluster announced) as soon as its server goes, and waits
 * NATS_RECONNECT_WAIT_MS only before retrying a server it just tried, so losing one node of a
 * cluster costs a reconnect, not an outage.
 */
export function natsSeedOptions(
  nats: Pick<NatsConfig, 'url'>,
): Pick<ConnectionOptions, 'servers' | 'reconnect' | 'maxReconnectAttempts' | 'reconnectTimeWait'> {
  return {
    servers: natsServers(nats),
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: NATS_RECONNECT_WAIT_MS,
  };
}
