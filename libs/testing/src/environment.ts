import { randomBytes } from 'node:crypto';
import { AppConfig, loadConfig } from '@app/config';
import { createOpenSearchClient } from '@app/search-index';
import { createTestSchema, TestSchema } from './postgres';

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export interface TestEnvironment {
  /** Config pointing at the real services, isolated: own schema, NATS subjects and index prefix. */
  config: AppConfig;
  db: TestSchema;
  /** Drops the schema and every index under this suite's prefix. */
  cleanup(): Promise<void>;
}

/**
 * One per e2e suite: a fresh Postgres schema with migrations applied, a NATS subject prefix
 * and an OpenSearch index prefix nobody else uses, so suites run in parallel safely.
 */
export async function createTestEnvironment(env: Record<string, string> = {}): Promise<TestEnvironment> {
  const base = loadConfig({ ...process.env, ...env });
  const db = await createTestSchema(base.database.url);
  const id = db.schema;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    PORT: '0',
    AUTH_PORT: '0',
    // Parallel suites would fight over each app's fixed default; a suite that scrapes sets a free port.
    METRICS_PORT: '0',
    NATS_REQUEST_TIMEOUT_MS: '2000',
    // A suite runs bulk-enrichment jobs only when it says so (and then removes its queue stream).
    JOB_RUNNER: 'off',
    ...env,
    DATABASE_SCHEMA: db.schema,
    NATS_SUBJECT_PREFIX: id,
    OPENSEARCH_INDEX_PREFIX: `${id}_`,
  });
  return {
    config,
    db,
    async cleanup() {
      try {
        await dropIndices(config);
      } finally {
        await db.drop();
      }
    },
  };
}

export async function dropIndices(config: AppConfig): Promise<void> {
  if (!config.opensearch.indexPrefix) throw new Error('refusing to drop indices without a prefix');
  const client = createOpenSearchClient(config.opensearch);
  try {
    await client.indices.delete({ index: `${config.opensearch.indexPrefix}*`, expand_wildcards: 'all' });
  } finally {
    await client.close();
  }
}
