import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toHttpError } from '@app/server';
import { OAuthError } from './oauth-error';

/**
 * The token endpoint's errors in RFC 6749's shape. Its own OAuthErrors map directly; anything a
 * client sent wrong before our code ran (unparsable body, wrong media type, body too large)
 * is `invalid_request`; our own failures keep the service's 5xx answer.
 */
@Catch()
export class OAuthErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const mapped = toHttpError(exception);
    let status = 400;
    let body: object;
    if (exception instanceof OAuthError) body = exception.toBody();
    else if (mapped.status < 500) body = new OAuthError('invalid_request', mapped.body.message).toBody();
    else {
      if (mapped.unexpected) {
        const request = host.switchToHttp().getRequest<FastifyRequest>();
        request.log.error(
          { err: mapped.unexpected.cause, error_id: mapped.unexpected.errorId },
          'unexpected error',
        );
      }
      ({ status, body } = mapped);
    }
    void reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header('Pragma', 'no-cache')
      .header('Content-Type', 'application/json; charset=utf-8')
      .send(body);
  }
}
