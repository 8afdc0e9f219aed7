import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/server';
import { AccessModule } from '../access';
import { BillingModule } from '../billing';
import { GatewayMetricsModule } from '../metrics/metrics.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { JobRunnerModule } from './job-runner.module';

/**
 * A runner on its own (`npm run jobs`): the gateway's enrichment, key and billing code without
 * its HTTP server, for operators who scale job work apart from request serving. Access and
 * billing are imported for key lookups, tiers and what enrichment's controllers are built
 * with; their guards have no requests to guard here.
 */
@Module({})
export class JobRunnerAppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: JobRunnerAppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        GatewayMetricsModule,
        AccessModule,
        BillingModule,
        JobRunnerModule,
        WebhooksModule,
      ],
    };
  }
}
