import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { createDataSource } from '@app/store';

/** TypeORM on the configured Postgres schema; schema changes only through migrations. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...createDataSource(config.database, { genericPlans: true }).options,
        retryAttempts: 3,
        retryDelay: 1000,
      }),
      dataSourceFactory: async (options?: DataSourceOptions) => new DataSource(options!).initialize(),
    }),
  ],
})
export class DatabaseModule {}
