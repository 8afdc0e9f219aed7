import { randomBytes } from 'node:crypto';
import { type AppConfig, loadConfig } from '@app/config';

/**
 * The configuration a bench's in-process gateway runs with against a kept bench schema: silent,
 * any free port, rate limits out of the way, the schema's own indices (or `prefix`), and NATS
 * subjects of its own (`subjects`, or a random `<name>_xxxxxxxx`) so no other worker on the server
 * answers it. `extra` overrides or adds variables.
 */
export function benchConfig(opts: {
  schema: string;
  name: string;
  prefix?: string;
  subjects?: string;
  extra?: Record<string, string>;
}): AppConfig {
  return loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_SCHEMA: opts.schema,
    OPENSEARCH_INDEX_PREFIX: opts.prefix ?? `${opts.schema}_`,
    NATS_SUBJECT_PREFIX: opts.subjects ?? `${opts.name}_${randomBytes(4).toString('hex')}`,
    RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
    ...opts.extra,
  });
}
