import { loadConfig } from '@app/config';
import { runMain } from '@app/server';
import { createAuthServer } from './bootstrap';

runMain(async () => {
  const config = loadConfig();
  const app = await createAuthServer(config);
  await app.listen({ port: config.authPort, host: config.host });
  app.getHttpAdapter().getInstance().log.info({ port: config.authPort }, 'auth ready');
});
