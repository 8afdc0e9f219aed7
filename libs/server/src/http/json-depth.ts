import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ServiceError } from '@app/contracts';
import { isRawUpload } from './raw-upload';

/**
 * No request body of this API nests deeper than a handful of levels; 64 leaves room for any
 * legitimate one. Past it the body is refused before JSON.parse and class-transformer recurse
 * through it: both recurse once per level, and a body of `[[[[…` within the body limit overflows
 * the stack, which surfaced as a 500 on every such request.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of objects and arrays in JSON text, read in one pass without recursion. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Nest's Fastify adapter registers its JSON body parser (Fastify's own, with its
 * prototype-poisoning rules) when the app initializes; this adapter swaps it for the same parser
 * behind the depth check, so a too-deep body is a 400 `invalid_request` like any malformed one.
 */
export class DepthLimitedFastifyAdapter extends FastifyAdapter {
  override registerParserMiddleware(prefix?: string, rawBody?: boolean): void {
    super.registerParserMiddleware(prefix, rawBody);
    const fastify = this.getInstance();
    const parse = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    this.useBodyParser(
      'application/json',
      !!rawBody,
      { bodyLimit: fastify.initialConfig.bodyLimit },
      (request, body, done) => {
        // An upload route reads its JSON itself, gzip-encoded or not, off the event loop.
        if (isRawUpload(request)) {
          done(null, body);
          return;
        }
        const text = body.toString('utf8');
        if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
          done(
            new ServiceError(
              'invalid_request',
              `The request body nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels.`,
              { max_depth: MAX_JSON_DEPTH },
            ),
            undefined,
          );
          return;
        }
        parse(request, text, done);
      },
    );
  }
}
