import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { createDataSource } from '@app/store';

/**
 * Every wait on Postgres in a serving process is bounded, so an unreachable, stuck or saturated
 * database turns into a 503 within seconds instead of requests piling up behind it.
 */
export const DATABASE_TIMEOUTS = {
  /** New connection, and also the wait for a free pooled one (pg-pool uses it for both). */
  connectMs: 3000,
  /** Server side: Postgres cancels a statement running longer (the services' run in ms). */
  statementMs: 10_000,
  /** Client side: covers a server that accepts and never answers, where statement_timeout cannot. */
  queryMs: 12_000,
} as const;

/** The serving processes' DataSource options (the CLI's builds and migrations are unbounded). */
export function serviceDataSourceOptions(config: AppConfig): DataSourceOptions {
  const options = createDataSource(config.database, { genericPlans: true }).options;
  return {
    ...options,
    extra: {
      ...(options as { extra?: Record<string, unknown> }).extra,
      connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
      statement_timeout: DATABASE_TIMEOUTS.statementMs,
      query_timeout: DATABASE_TIMEOUTS.queryMs,
    },
  } as DataSourceOptions;
}

/** TypeORM on the configured Postgres schema; schema changes only through migrations. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...serviceDataSourceOptions(config),
        retryAttempts: 3,
        retryDelay: 1000,
      }),
      dataSourceFactory: async (options?: DataSourceOptions) => new DataSource(options!).initialize(),
    }),
  ],
})
export class DatabaseModule {}
