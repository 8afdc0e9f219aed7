import { ArgumentsHost, Catch, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorBody, ServiceError, parseErrorBody } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { Observable, throwError } from 'rxjs';

/** Server side of NATS: anything thrown in a handler travels as an ErrorBody. */
export function toRpcErrorBody(exception: unknown): { body: ErrorBody; unexpected: boolean } {
  if (exception instanceof ServiceError) return { body: exception.toBody(), unexpected: false };
  if (exception instanceof RpcException) {
    const parsed = parseErrorBody(exception.getError());
    if (parsed) return { body: parsed, unexpected: false };
  }
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
    const { body, unexpected } = toRpcErrorBody(exception);
    if (unexpected)
      this.logger.error(`${body.message} ${JSON.stringify(body.details)}`, (exception as Error)?.stack);
    return throwError(() => body);
  }
}

/** Client side of NATS: a reply error becomes the ServiceError the worker meant. */
export function fromRpcError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  const body = parseErrorBody(error);
  if (body) return new ServiceError(body.error, body.message, body.details);
  return new ServiceError(
    'service_unavailable',
    'The search service could not be reached. Try again shortly.',
    {
      reason: error instanceof Error ? error.message : String(error),
    },
  );
}
