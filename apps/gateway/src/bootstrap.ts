import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { CompiledHttpModule, createHttpApp } from '@app/server';
import { installPreBodyChecks } from './access';
import { GatewayModule } from './gateway.module';
import { mountOpenApi } from './openapi';

/**
 * The gateway as `main.ts` runs it; tests call this with their own config, and may pass a
 * compiled testing module that imports GatewayModule.forRoot(config) plus probe controllers.
 */
export async function createGateway(
  config: AppConfig,
  module?: CompiledHttpModule,
): Promise<NestFastifyApplication> {
  const app = await createHttpApp(module ?? GatewayModule.forRoot(config), config, 'gateway');
  installPreBodyChecks(app);
  mountOpenApi(app, config);
  return app;
}
