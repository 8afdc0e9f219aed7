import { DynamicModule } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { AppConfig } from '@app/config';
import type { CompiledHttpModule } from '@app/server';

export type ControllerClass = new (...args: never[]) => unknown;

/**
 * How to make one HTTP app, handed in by the suite: libs never import apps, so the app's root
 * module and bootstrap come from a thin binding under test/ (test/gateway.ts).
 */
export interface HttpAppBinding {
  module(config: AppConfig): DynamicModule;
  /** The bootstrap `main.ts` runs; given a compiled module when a suite adds controllers. */
  create(config: AppConfig, compiled?: CompiledHttpModule): Promise<NestFastifyApplication>;
}

/**
 * The real app, initialized and listening to `inject` (no port). Extra controllers (probes) are
 * compiled in beside the root module, so they run under the same global guard, pipe and filter.
 */
export async function bootHttpApp(
  binding: HttpAppBinding,
  config: AppConfig,
  controllers: ControllerClass[] = [],
): Promise<NestFastifyApplication> {
  const compiled =
    controllers.length > 0
      ? await Test.createTestingModule({ imports: [binding.module(config)], controllers }).compile()
      : undefined;
  const app = await binding.create(config, compiled);
  try {
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } catch (error) {
    // A refused boot must still release its database pool and NATS client.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
