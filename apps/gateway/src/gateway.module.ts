import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/server';
import { AccessModule } from './access';
import { AccessLogModule } from './access-log';
import { AgentKeysModule } from './agent-keys/agent-keys.module';
import { AutocompleteModule } from './autocomplete/autocomplete.module';
import { BillingModule } from './billing';
import { BuildsModule } from './builds/builds.module';
import { DiscoverModule } from './discover/discover.module';
import { EnrichmentModule } from './enrichment/enrichment.module';
import { HealthModule } from './health/health.module';
import { JobRunnerModule } from './job-runner/job-runner.module';
import { JobsModule } from './jobs/jobs.module';
import { McpModule } from './mcp/mcp.module';
import { PrivacyModule } from './privacy/privacy.module';
import { GatewayMetricsModule } from './metrics/metrics.module';
import { ReportsModule } from './reports/reports.module';
import { SearchClientModule } from './search-client/search-client.module';
import { SearchModule } from './search/search.module';
import { UsageModule } from './usage/usage.module';
import { UtilitiesModule } from './utilities/utilities.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class GatewayModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        GatewayMetricsModule,
        SearchClientModule,
        AccessModule,
        // After AccessModule: billing's credit pre-check guard must run after the access guard.
        BillingModule,
        AccessLogModule,
        HealthModule,
        SearchModule,
        DiscoverModule,
        AutocompleteModule,
        UtilitiesModule,
        ReportsModule,
        BuildsModule,
        PrivacyModule,
        EnrichmentModule,
        JobsModule,
        JobRunnerModule,
        AgentKeysModule,
        McpModule,
        WebhooksModule,
        UsageModule,
      ],
    };
  }
}
