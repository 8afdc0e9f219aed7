import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { AliasReconciler } from './builds/alias-reconciler';
import { AutocompleteModule } from './autocomplete/autocomplete.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { SearchMetricsModule } from './metrics/search-metrics';
import { OpenSearchModule } from './opensearch/opensearch.module';
import { SearchModule } from './search/search.module';
import { StatusModule } from './status/status.module';

@Module({})
export class SearchWorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SearchWorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        OpenSearchModule,
        SearchMetricsModule,
        StatusModule,
        SearchModule,
        DiscoveryModule,
        AutocompleteModule,
      ],
      // The aliases follow the active build rows in Postgres (docs/data-builds.md, "Activation").
      providers: [AliasReconciler],
    };
  }
}
