import { createServer } from 'node:net';
import type { AppConfig } from '@app/config';

/** A port nothing listens on now (bound once on 127.0.0.1, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The environment of an app process (gateway, search worker, CLI) started from dist/ as a child:
 * the same Postgres schema, NATS subjects, OpenSearch index prefix and rate-limit counters as
 * `config`, metrics off, nothing else inherited. `extra` adds or overrides.
 */
export function appProcessEnv(
  config: AppConfig,
  extra: Record<string, string | undefined> = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
    DATABASE_URL: config.database.url,
    DATABASE_SCHEMA: config.database.schema,
    NATS_URL: config.nats.url,
    NATS_SUBJECT_PREFIX: config.nats.subjectPrefix,
    NATS_REQUEST_TIMEOUT_MS: String(config.nats.requestTimeoutMs),
    OPENSEARCH_URL: config.opensearch.url,
    OPENSEARCH_INDEX_PREFIX: config.opensearch.indexPrefix,
    ...(config.redisUrl ? { REDIS_URL: config.redisUrl } : {}),
    RATE_LIMIT_KEY_PREFIX: config.access.rateLimits.keyPrefix,
    ...extra,
  };
}
