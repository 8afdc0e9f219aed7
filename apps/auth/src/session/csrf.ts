import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The CSRF token of every form: an HMAC of the browser's own cookie secret (the session token,
 * or before sign-in the sign-in cookie). Another site can neither read the cookie nor derive
 * the token, and the token reveals nothing about the cookie; no table needs to hold it.
 */
export function csrfToken(cookieSecret: string): string {
  return createHmac('sha256', cookieSecret).update('csrf').digest('base64url');
}

export function csrfMatches(cookieSecret: string | null, submitted: unknown): boolean {
  if (!cookieSecret || typeof submitted !== 'string') return false;
  const expected = Buffer.from(csrfToken(cookieSecret));
  const given = Buffer.from(submitted);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
