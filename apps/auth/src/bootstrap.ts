import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { CompiledHttpModule, createHttpApp } from '@app/server';
import { AuthModule } from './auth.module';
import { requireFormEncodedTokenRequests } from './token/token-media-type';

/** The auth service as `main.ts` runs it; tests pass their own config (and may pass a compiled module). */
export async function createAuthServer(
  config: AppConfig,
  module?: CompiledHttpModule,
): Promise<NestFastifyApplication> {
  const app = await createHttpApp(module ?? AuthModule.forRoot(config), config, 'auth');
  requireFormEncodedTokenRequests(app.getHttpAdapter().getInstance());
  return app;
}
