import { NestFactory } from '@nestjs/core';
import { INestMicroservice } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { SEARCH_QUEUE } from '@app/contracts';
import {
  createLogger,
  natsConnectionOptions,
  natsSeedOptions,
  NestPinoLogger,
  PrefixedNatsServer,
  RpcErrorFilter,
} from '@app/server';
import { SearchWorkerModule } from './search-worker.module';

/** A search worker: NATS queue group `search`, subjects under NATS_SUBJECT_PREFIX. */
export async function createSearchWorker(config: AppConfig): Promise<INestMicroservice> {
  const logger = createLogger(config, 'search');
  const app = await NestFactory.createMicroservice(SearchWorkerModule.forRoot(config), {
    strategy: new PrefixedNatsServer(
      {
        ...natsSeedOptions(config.nats),
        queue: SEARCH_QUEUE,
        name: 'search-worker',
        ...natsConnectionOptions(config.nats, config.nodeEnv),
      },
      config.nats.subjectPrefix,
      config.shutdownGraceMs,
    ),
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  return app;
}
