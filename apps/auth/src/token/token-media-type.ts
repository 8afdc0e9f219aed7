import type { FastifyInstance } from 'fastify';
import { OAuthError } from './oauth-error';

export const TOKEN_PATH = '/oauth2/token';

/**
 * RFC 6749 §4.1.3/§5.2: the token request is form-urlencoded, and anything else is an
 * `invalid_request` in the OAuth shape. Checked before Fastify parses the body, so a broken JSON
 * or text body never reaches the service's own error shape.
 */
export function requireFormEncodedTokenRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'POST' || request.routeOptions.url !== TOKEN_PATH) return done();
    if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers['content-type'] ?? ''))
      return done();
    const body = new OAuthError(
      'invalid_request',
      'Send the parameters as application/x-www-form-urlencoded.',
    ).toBody();
    void reply.status(400).header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(body);
  });
}
