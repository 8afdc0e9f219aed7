import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/server';
import { HealthModule } from './health/health.module';

@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: AuthModule, imports: [ConfigModule.forRoot(config), DatabaseModule, HealthModule] };
  }
}
