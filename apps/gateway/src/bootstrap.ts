import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { createHttpApp } from '@app/server';
import { GatewayModule } from './gateway.module';
import { mountOpenApi } from './openapi';

/** The gateway as `main.ts` runs it; tests call this with their own config. */
export async function createGateway(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await createHttpApp(GatewayModule.forRoot(config), config, 'gateway');
  mountOpenApi(app, config);
  return app;
}
