import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@app/config';
import { createDataSource, quoteIdent, runMigrations } from '@app/store';

export interface TestSchema {
  /** `t_<random>`, unique per call. */
  schema: string;
  /** Initialized, migrated DataSource on the schema. */
  dataSource: DataSource;
  /** Database config pointing at the schema: pass to apps (ConfigModule) or as DATABASE_* env to child processes. */
  config: AppConfig['database'];
  /** Destroys the DataSource and drops the schema with everything in it. Safe to call twice. */
  drop(): Promise<void>;
}

/** `t_` + 16 lowercase base36 characters: a valid unquoted Postgres identifier. */
export function randomSchemaName(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  return 't_' + Array.from(randomBytes(16), (b) => alphabet[b % 36]).join('');
}

/** Environment for a child process (CLI, app) that should use this schema. */
export function schemaEnv(config: AppConfig['database']): Record<string, string> {
  return {
    DATABASE_URL: config.url,
    DATABASE_SCHEMA: config.schema,
    DATABASE_POOL_SIZE: String(config.poolSize),
  };
}

/**
 * A fresh schema in the real Postgres with every migration applied. Each e2e suite creates its
 * own in beforeAll and calls drop() in afterAll, so suites never see each other's rows.
 * `url` defaults to DATABASE_URL (validated by loadConfig), i.e. the local stack's database.
 */
export async function createTestSchema(url?: string): Promise<TestSchema> {
  const config: AppConfig['database'] = {
    url: url ?? loadConfig(process.env).database.url,
    schema: randomSchemaName(),
    poolSize: 4,
  };
  const dataSource = createDataSource(config, { applicationName: 'svc-test' });
  try {
    await runMigrations(dataSource);
  } catch (error) {
    await dropSchema(config).catch(() => undefined);
    if (dataSource.isInitialized) await dataSource.destroy();
    throw error;
  }
  let dropped = false;
  return {
    schema: config.schema,
    dataSource,
    config,
    async drop() {
      if (dropped) return;
      dropped = true;
      if (dataSource.isInitialized) await dataSource.destroy();
      await dropSchema(config);
    },
  };
}

async function dropSchema(config: AppConfig['database']): Promise<void> {
  const client = new Client({ connectionString: config.url, application_name: 'svc-test' });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(config.schema)} CASCADE`);
  } finally {
    await client.end();
  }
}
