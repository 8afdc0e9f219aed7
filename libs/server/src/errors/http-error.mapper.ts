import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, ErrorBody, ErrorCode, ServiceError } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { Dependency, dependencyUnavailable } from './dependency-errors';

export interface HttpError {
  status: number;
  body: ErrorBody;
  /** Set for failures that are ours, not the caller's: logged with the cause. */
  unexpected?: { errorId: string; cause: unknown };
  /** Set when a dependency is down: logged as one warning line, the caller gets a 503. */
  unavailable?: { dependency: Dependency; cause: unknown };
}

/** Statuses Fastify and Nest produce before our code runs, mapped to our codes. */
const FRAMEWORK_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'service_unavailable',
};

const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  not_found: 'No such endpoint. See /docs for the list of endpoints.',
  payload_too_large: 'The request body is larger than the server accepts.',
  unsupported_media_type: 'Send the request body as JSON with Content-Type: application/json.',
};

function statusOf(exception: unknown): number | null {
  if (exception instanceof HttpException) return exception.getStatus();
  const s = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : null;
}

function frameworkMessage(code: ErrorCode, exception: unknown): string {
  const fixed = FRAMEWORK_MESSAGES[code];
  if (fixed) return fixed;
  const raw = exception instanceof HttpException ? exception.message : (exception as Error).message;
  if (code === 'invalid_request' && /JSON|Unexpected|token/i.test(raw ?? '')) {
    return `The request body is not valid JSON: ${raw}`;
  }
  return raw || 'The request could not be processed.';
}

/** The one mapping from anything thrown to an HTTP status and ErrorResponse. */
export function toHttpError(exception: unknown): HttpError {
  if (exception instanceof ServiceError) {
    return { status: ERROR_STATUS[exception.code], body: exception.toBody() };
  }
  const status = statusOf(exception);
  const code = status === null ? undefined : FRAMEWORK_STATUS[status];
  if (status !== null && code) {
    return { status, body: { error: code, message: frameworkMessage(code, exception), details: null } };
  }
  const outage = dependencyUnavailable(exception);
  if (outage) {
    return {
      status: ERROR_STATUS[outage.error.code],
      body: outage.error.toBody(),
      unavailable: { dependency: outage.dependency, cause: exception },
    };
  }
  const errorId = randomUUID();
  return {
    status: 500,
    body: {
      error: 'internal_error',
      message: 'An unexpected error occurred. Quote the error_id when reporting it.',
      details: { error_id: errorId },
    },
    unexpected: { errorId, cause: exception },
  };
}
