import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/server';
import { HealthModule } from './health/health.module';
import { SearchClientModule } from './search-client/search-client.module';

@Module({})
export class GatewayModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, SearchClientModule, HealthModule],
    };
  }
}
