import { loadConfig, natsServers } from '@app/config';
import { boundShutdown, createLogger, runMain } from '@app/server';
import { createSearchWorker } from './bootstrap';

runMain(async () => {
  const config = loadConfig();
  // SIGTERM: leave the queue group, answer what is in flight, within the grace.
  boundShutdown(config.shutdownGraceMs);
  const worker = await createSearchWorker(config);
  await worker.listen();
  createLogger(config, 'search').info(
    { nats: natsServers(config.nats), prefix: config.nats.subjectPrefix },
    'search worker ready',
  );
});
