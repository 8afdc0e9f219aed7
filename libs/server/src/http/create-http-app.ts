import { DynamicModule, INestApplication, NestApplicationOptions, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { AppConfig } from '@app/config';
import { serializeBody } from '@app/shaping';
import { HttpExceptionFilter } from '../errors/http-exception.filter';
import { createLogger, NestPinoLogger } from '../logging/logger';
import { HttpMetrics } from '../metrics/http-metrics';
import { DepthLimitedFastifyAdapter } from './json-depth';
import { endConnections } from './drain';
import { installLeanAsyncResourceBind } from './lean-async-bind';
import { installRawUploads } from './raw-upload';
import { requestIdFrom } from './request-id';
import { keepValidationMetadata } from './validation-metadata';
import { createValidationPipe } from './validation.pipe';

/**
 * An already compiled module that can make the app, e.g. `@nestjs/testing`'s TestingModule, so
 * tests can add controllers or override providers and still boot with the house rules.
 */
export interface CompiledHttpModule {
  createNestApplication<T extends INestApplication>(
    httpAdapter: FastifyAdapter,
    options?: NestApplicationOptions,
  ): T;
}

function isCompiled(module: unknown): module is CompiledHttpModule {
  return typeof (module as Partial<CompiledHttpModule>).createNestApplication === 'function';
}

/**
 * Builds a Fastify-backed Nest app with the house rules every HTTP process shares: one
 * validation pipe, one exception filter, JSON-lines logs with a request id, a body limit.
 */
export async function createHttpApp(
  module: Type<unknown> | DynamicModule | CompiledHttpModule,
  config: AppConfig,
  appName: string,
): Promise<NestFastifyApplication> {
  installLeanAsyncResourceBind();
  keepValidationMetadata();
  const logger = createLogger(config, appName);
  const adapter = new DepthLimitedFastifyAdapter({
    loggerInstance: logger,
    // Fastify's two lines per request are replaced by the one onResponse line below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(req.headers['x-request-id']),
    // A request that reaches a closing process on a connection it still holds is served (Fastify
    // marks it Connection: close); Fastify's 503 would lose it, in a body that is not ours.
    return503OnClosing: false,
    // A client that never finishes sending its request (slowloris) is cut off with a 408
    // instead of holding a socket forever; Fastify's default (0) disables Node's limit.
    requestTimeout: config.httpRequestTimeoutMs,
    http: {
      // Node requires headersTimeout <= requestTimeout, and checks both only this often.
      headersTimeout: config.httpRequestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.httpRequestTimeoutMs),
    },
  });
  const options: NestApplicationOptions = { logger: new NestPinoLogger(logger), abortOnError: false };
  const app = isCompiled(module)
    ? module.createNestApplication<NestFastifyApplication>(adapter, options)
    : await NestFactory.create<NestFastifyApplication>(module, adapter, options);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  const metrics = httpMetricsOf(app);
  // Records read as stored text (RawJson) are written into the body without a parse and a
  // re-serialization; every other body serializes exactly as JSON.stringify would.
  fastify.setReplySerializer((payload) => serializeBody(payload));
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });
  installRawUploads(fastify);
  endConnections(fastify, config.httpMaxRequestsPerConnection);
  // One line per request; the route pattern, never the query string (it may carry emails).
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = reply.elapsedTime;
    request.log.info(
      { method: request.method, route, status: reply.statusCode, ms: Math.round(ms * 100) / 100 },
      'request',
    );
    metrics?.record(route, request.method, reply.statusCode, ms / 1000);
    done();
  });
  return app;
}

/** The app's HttpMetrics when its module imports MetricsModule (test modules may not). */
function httpMetricsOf(app: NestFastifyApplication): HttpMetrics | null {
  try {
    return app.get(HttpMetrics, { strict: false });
  } catch {
    return null;
  }
}
