import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { AppConfig } from '@app/config';
import { HttpExceptionFilter } from '../errors/http-exception.filter';
import { createLogger, NestPinoLogger } from '../logging/logger';
import { requestIdFrom } from './request-id';
import { createValidationPipe } from './validation.pipe';

/**
 * Builds a Fastify-backed Nest app with the house rules every HTTP process shares: one
 * validation pipe, one exception filter, JSON-lines logs with a request id, a body limit.
 */
export async function createHttpApp(
  module: Type<unknown> | DynamicModule,
  config: AppConfig,
  appName: string,
): Promise<NestFastifyApplication> {
  const logger = createLogger(config, appName);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Fastify's two lines per request are replaced by the one onResponse line below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(req.headers['x-request-id']),
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });
  // One line per request; the route pattern, never the query string (it may carry emails).
  fastify.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
  return app;
}
