import cluster from 'node:cluster';
import { loadConfig } from '@app/config';
import { boundShutdown, createLogger, runMain } from '@app/server';
import { createGateway } from './bootstrap';
import { superviseGatewayWorkers } from './cluster';
import { serveClusterMetrics } from './metrics/cluster-metrics';

runMain(async () => {
  const config = loadConfig();
  if (config.gatewayWorkers > 1 && cluster.isPrimary) {
    const log = createLogger(config, 'gateway');
    // Before forking: a taken METRICS_PORT fails the boot, not a worker.
    await serveClusterMetrics(config, log);
    superviseGatewayWorkers(config.gatewayWorkers, log, config.shutdownGraceMs);
    return;
  }
  // SIGTERM: stop accepting, finish what is in flight (Nest's shutdown hooks), within the grace.
  boundShutdown(config.shutdownGraceMs);
  const app = await createGateway(config);
  await app.listen({ port: config.port, host: config.host });
  app.getHttpAdapter().getInstance().log.info({ port: config.port }, 'gateway ready');
});
