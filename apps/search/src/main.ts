import { loadConfig } from '@app/config';
import { createLogger, runMain } from '@app/server';
import { createSearchWorker } from './bootstrap';

runMain(async () => {
  const config = loadConfig();
  const worker = await createSearchWorker(config);
  await worker.listen();
  createLogger(config, 'search').info(
    { nats: config.nats.url, prefix: config.nats.subjectPrefix },
    'search worker ready',
  );
});
