import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource, LoggerOptions } from 'typeorm';
import type { DatabaseConfig } from '@app/config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Double-quotes a Postgres identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`database schema must be a lowercase Postgres identifier, got ${JSON.stringify(schema)}`);
  }
}

export interface CreateDataSourceOptions {
  /** TypeORM logging; off by default. */
  logging?: LoggerOptions;
  /** Shown in pg_stat_activity. Default `svc`. */
  applicationName?: string;
  /**
   * Plan parameterized statements once per connection (`plan_cache_mode = force_generic_plan`)
   * instead of again for their values on every call. For the services' short statements
   * (key and id lookups, blocking, charges) planning cost more than running; see
   * docs/decisions.md. Off for the CLI, whose statements run once over whole builds.
   */
  genericPlans?: boolean;
}

/**
 * A (not yet initialized) DataSource on the configured schema with every entity and migration.
 * The schema is honoured twice: TypeORM qualifies entity tables and the migrations table with
 * it, and the connection's search_path starts with it so migrations use unqualified names.
 * `synchronize` is always off: schema changes only through migrations.
 */
export function createDataSource(config: DatabaseConfig, opts: CreateDataSourceOptions = {}): DataSource {
  assertSchemaName(config.schema);
  const searchPath = config.schema === 'public' ? 'public' : `${config.schema},public`;
  return new DataSource({
    type: 'postgres',
    url: config.url,
    schema: config.schema,
    poolSize: config.poolSize,
    applicationName: opts.applicationName ?? 'svc',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    migrationsRun: false,
    synchronize: false,
    logging: opts.logging ?? false,
    extra: {
      options: `-c search_path=${searchPath}${opts.genericPlans ? ' -c plan_cache_mode=force_generic_plan' : ''}`,
    },
  });
}

/** The schema a DataSource made by createDataSource works in. */
export function dataSourceSchema(ds: DataSource): string {
  return (ds.options as { schema?: string }).schema ?? 'public';
}

/**
 * Creates the schema if needed and runs pending migrations, each in its own transaction.
 * A session advisory lock (on a separate connection, so a pool of one still works) keeps
 * processes that start together from migrating the same schema twice.
 * Initializes the DataSource if it is not yet. Returns the names of the migrations run.
 */
export async function runMigrations(ds: DataSource): Promise<string[]> {
  const schema = dataSourceSchema(ds);
  assertSchemaName(schema);
  const url = (ds.options as { url?: string }).url;
  const lock = new Client({ connectionString: url, application_name: 'svc-migrate' });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`svc:migrations:${schema}`]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    if (!ds.isInitialized) await ds.initialize();
    const executed = await ds.runMigrations({ transaction: 'each' });
    return executed.map((m) => m.name);
  } finally {
    await lock
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`svc:migrations:${schema}`])
      .catch(() => undefined);
    await lock.end();
  }
}
