import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { createHttpApp } from '@app/server';
import { AuthModule } from './auth.module';

export function createAuthServer(config: AppConfig): Promise<NestFastifyApplication> {
  return createHttpApp(AuthModule.forRoot(config), config, 'auth');
}
