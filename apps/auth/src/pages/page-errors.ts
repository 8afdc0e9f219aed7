import { ServiceError } from '@app/contracts';

/** A page needs a signed-in person: the page filter sends the browser to sign in, then back to `next`. */
export class SignInRequired extends Error {
  constructor(readonly next: string) {
    super('sign-in required');
    this.name = 'SignInRequired';
  }
}

/** A POST form without the browser's CSRF token (forged, or from a page older than the session). */
export function csrfRefused(): ServiceError {
  return new ServiceError(
    'forbidden',
    'This form was not sent from a page of this site, or the page is out of date. Go back, reload the page and try again.',
  );
}

/** A local path to return to after sign-in; anything else (other hosts, `//host`) becomes `/`. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?![/\\])[\x21-\x7e]*$/.test(next) && next.length <= 500
    ? next
    : '/';
}
