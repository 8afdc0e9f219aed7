import { loadConfig } from '@app/config';
import { runMain } from '@app/server';
import { createGateway } from './bootstrap';

runMain(async () => {
  const config = loadConfig();
  const app = await createGateway(config);
  await app.listen({ port: config.port, host: config.host });
  app.getHttpAdapter().getInstance().log.info({ port: config.port }, 'gateway ready');
});
