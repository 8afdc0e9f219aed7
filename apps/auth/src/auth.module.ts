import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/server';
import { ConnectedAppsModule } from './account/connected-apps.module';
import { ClaimsModule } from './claims/claims.module';
import { HealthModule } from './health/health.module';
import { AuthMetricsModule } from './metrics/auth-metrics.module';
import { RetentionModule } from './retention/retention.module';
import { SignInModule } from './sign-in/sign-in.module';
import { SigningModule } from './signing/signing.module';
import { TokenModule } from './token/token.module';

@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        AuthMetricsModule,
        HealthModule,
        SigningModule,
        SignInModule,
        ClaimsModule,
        TokenModule,
        ConnectedAppsModule,
        RetentionModule,
      ],
    };
  }
}
