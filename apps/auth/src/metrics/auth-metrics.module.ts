import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '@app/server';
import { AuthMetrics } from './auth-metrics';

/** The auth service's metrics, global so sign-in and claims can record. */
@Global()
@Module({
  imports: [MetricsModule.forRoot('auth')],
  providers: [AuthMetrics],
  exports: [AuthMetrics],
})
export class AuthMetricsModule {}
