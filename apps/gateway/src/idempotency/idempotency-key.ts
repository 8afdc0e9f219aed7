import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '@app/contracts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

// Stripe's limit; visible ASCII so the key is safe to store and to quote in an error.
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, or null when it sent none; 400 when it is not a usable key. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_SHAPE.test(raw))
    throw new ServiceError(
      'invalid_request',
      'The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is a good choice), sent once.',
    );
  return raw;
}

/**
 * What makes two requests "the same" for a key: method, path with its query string and the
 * parsed body. The body is re-serialized rather than hashed raw, so whitespace does not count;
 * key order does (a client retrying sends the same bytes anyway).
 */
export function requestFingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}
