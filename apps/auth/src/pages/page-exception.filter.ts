import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toHttpError } from '@app/server';
import { html, layout, redirect, sendPage } from './html';
import { SignInRequired } from './page-errors';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  403: 'Not allowed',
  404: 'Not found',
  422: 'Check the form',
  429: 'Too many attempts',
  500: 'Something went wrong',
};

/**
 * The page controllers' errors as HTML: the same status and message the one error mapper
 * (toHttpError) gives, rendered for people; a missing session becomes a redirect to sign-in.
 */
@Catch()
export class PageExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof SignInRequired) {
      return redirect(reply, `/sign-in?next=${encodeURIComponent(exception.next)}`);
    }
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, body, unexpected } = toHttpError(exception);
    if (unexpected)
      request.log.error({ err: unexpected.cause, error_id: unexpected.errorId }, 'unexpected error');
    const title = TITLES[status] ?? 'Error';
    const retry = (body.details as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
    if (typeof retry === 'number') void reply.header('Retry-After', String(retry));
    sendPage(
      reply,
      status,
      layout(
        { title },
        html`<h1>${title}</h1>
          <p class="alert" role="alert">${body.message}</p>
          <p><a href="/">Back to your account</a></p>`,
      ),
    );
  }
}
