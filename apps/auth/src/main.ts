import { loadConfig } from '@app/config';
import { boundShutdown, runMain } from '@app/server';
import { createAuthServer } from './bootstrap';

runMain(async () => {
  const config = loadConfig();
  // SIGTERM: stop accepting, finish what is in flight (Nest's shutdown hooks), within the grace.
  boundShutdown(config.shutdownGraceMs);
  const app = await createAuthServer(config);
  await app.listen({ port: config.authPort, host: config.host });
  app.getHttpAdapter().getInstance().log.info({ port: config.authPort }, 'auth ready');
});
