import cluster from 'node:cluster';
import { loadConfig } from '@app/config';
import { boundShutdown, createLogger, runMain } from '@app/server';
import { createGateway } from './bootstrap';
import { superviseGatewayWorkers } from './cluster';

runMain(async () => {
  const config = loadConfig();
  if (config.gatewayWorkers > 1 && cluster.isPrimary) {
    superviseGatewayWorkers(config.gatewayWorkers, createLogger(config, 'gateway'));
    return;
  }
  // SIGTERM: stop accepting, finish what is in flight (Nest's shutdown hooks), within the grace.
  boundShutdown(config.shutdownGraceMs);
  const app = await createGateway(config);
  await app.listen({ port: config.port, host: config.host });
  app.getHttpAdapter().getInstance().log.info({ port: config.port }, 'gateway ready');
});
