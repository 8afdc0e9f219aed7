import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toHttpError } from './http-error.mapper';

/** The one global filter: every HTTP error leaves as `{error, message, details}`. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { status, body, unexpected, unavailable } = toHttpError(exception);
    if (unexpected) {
      request.log.error({ err: unexpected.cause, error_id: unexpected.errorId }, 'unexpected error');
    }
    if (unavailable) {
      // One line without a stack: during an outage every request lands here.
      const reason = (unavailable.cause as Error | null)?.message;
      request.log.warn({ dependency: unavailable.dependency, reason }, 'dependency unavailable');
    }
    // A key's spend cap (402 key_cap_reached) says when it resets, like a rate limit.
    if (status === 429 || status === 503 || body.error === 'key_cap_reached') {
      const retry = (body.details as { retry_after_seconds?: number } | null)?.retry_after_seconds;
      if (typeof retry === 'number') void reply.header('Retry-After', String(retry));
    }
    void reply.status(status).header('Content-Type', 'application/json; charset=utf-8').send(body);
  }
}
