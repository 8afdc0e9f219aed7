import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '@app/server';
import { GatewayMetrics } from './gateway-metrics';

/** The gateway's metrics, global so access, enrichment and the search client can record. */
@Global()
@Module({
  imports: [MetricsModule.forRoot('gateway')],
  providers: [GatewayMetrics],
  exports: [GatewayMetrics],
})
export class GatewayMetricsModule {}
