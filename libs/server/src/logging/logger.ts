import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import type { AppConfig } from '@app/config';

/**
 * JSON-lines logger shared by Nest and Fastify. Secrets must never reach it: the request log
 * line carries method, route and status only, and these paths are redacted in case an object
 * holding them is logged by mistake.
 */
export const REDACT_PATHS = [
  'req.headers["api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["api-key"]',
  'headers.authorization',
  '*.api_key',
  '*.password',
  '*.access_token',
  '*.assertion',
  'api_key',
  'password',
  // TypeORM's QueryFailedError carries the SQL and its bound values (emails, names, key hashes);
  // Postgres's `detail` quotes the offending row ("Key (email)=(…) already exists").
  'err.query',
  'err.parameters',
  'err.detail',
  'err.driverError.detail',
  'err.driverError.parameters',
  'err.cause.query',
  'err.cause.parameters',
  'err.cause.detail',
];

/** `destination` defaults to stdout; tests pass a stream to read what would be written. */
export function createLogger(
  config: Pick<AppConfig, 'logLevel'>,
  app: string,
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { app, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Routes Nest's own log calls into the same JSON stream. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
