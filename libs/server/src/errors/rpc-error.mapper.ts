import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorBody, ServiceError, parseErrorBody } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { Observable, throwError } from 'rxjs';
import { dependencyUnavailable } from './dependency-errors';

/** Server side of NATS: anything thrown in a handler travels as an ErrorBody. */
export function toRpcErrorBody(exception: unknown): {
  body: ErrorBody;
  unexpected: boolean;
  /** The dependency that is down, when that is the failure (logged as one line, no stack). */
  unavailable?: string;
} {
  if (exception instanceof ServiceError) return { body: exception.toBody(), unexpected: false };
  if (exception instanceof RpcException) {
    const parsed = parseErrorBody(exception.getError());
    if (parsed) return { body: parsed, unexpected: false };
  }
  const outage = dependencyUnavailable(exception);
  if (outage) return { body: outage.error.toBody(), unexpected: false, unavailable: outage.dependency };
  const errorId = randomUUID();
  return {
    body: {
      error: 'internal_error',
      message: 'The search service failed unexpectedly. Quote the error_id when reporting it.',
      details: { error_id: errorId },
    },
    unexpected: true,
  };
}

@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const { body, unexpected, unavailable } = toRpcErrorBody(exception);
    if (unavailable) this.logger.warn(`${unavailable} unavailable: ${(exception as Error)?.message}`);
    if (unexpected)
      this.logger.error(`${body.message} ${JSON.stringify(body.details)}`, (exception as Error)?.stack);
    return throwError(() => body);
  }
}

/**
 * Client side of NATS: a reply error becomes the ServiceError the worker meant. A transport
 * failure is logged here, not returned: its text quotes NATS subjects ("no subscribers listening
 * to <prefix>.search.person"), which map the deployment for whoever reads the response.
 */
export function fromRpcError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  const body = parseErrorBody(error);
  if (body) return new ServiceError(body.error, body.message, body.details);
  new Logger('SearchClient').warn(
    `search request failed in transport: ${error instanceof Error ? error.message : String(error)}`,
  );
  return new ServiceError(
    'service_unavailable',
    'The search service could not be reached. Try again shortly.',
    { retry_after_seconds: 1 },
  );
}
