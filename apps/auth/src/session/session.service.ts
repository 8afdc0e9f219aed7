import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  AUTH_SESSION_TTL_SECONDS,
  closeAuthSession,
  findAuthSession,
  openAuthSession,
  randomSecret,
  SessionAccount,
  sha256Hex,
} from '@app/store';
import { csrfRefused, SignInRequired } from '../pages/page-errors';
import { clearCookie, readCookie, setCookie } from './cookies';
import { csrfMatches, csrfToken } from './csrf';

export interface Session extends SessionAccount {
  /** The token every POST form of this session carries. */
  csrf: string;
  tokenHash: string;
}

/** The pre-sign-in cookie lives this long: enough to fill in the form. */
const SIGN_IN_COOKIE_SECONDS = 3600;

/**
 * People's sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure and `__Host-`
 * prefixed over https), its SHA-256 in auth_sessions; and the CSRF check of every form.
 */
@Injectable()
export class SessionService {
  private readonly secure: boolean;
  private readonly sessionCookie: string;
  private readonly signInCookie: string;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = config.publicAuthUrl.startsWith('https:');
    const prefix = this.secure ? '__Host-' : '';
    this.sessionCookie = `${prefix}svc_session`;
    this.signInCookie = `${prefix}svc_sign_in`;
  }

  async current(request: FastifyRequest): Promise<Session | null> {
    const token = readCookie(request.headers.cookie, this.sessionCookie);
    if (!token) return null;
    const tokenHash = sha256Hex(token);
    const account = await findAuthSession(this.ds, tokenHash);
    return account ? { ...account, csrf: csrfToken(token), tokenHash } : null;
  }

  /** The session, or SignInRequired (the page filter redirects to sign-in and back to a GET page). */
  async require(request: FastifyRequest): Promise<Session> {
    const session = await this.current(request);
    if (!session) throw new SignInRequired(request.method === 'GET' ? request.url : '/');
    return session;
  }

  /** A POST form's session with its CSRF token checked. */
  async requireForm(request: FastifyRequest, submittedCsrf: unknown): Promise<Session> {
    const session = await this.require(request);
    const token = readCookie(request.headers.cookie, this.sessionCookie);
    if (!csrfMatches(token, submittedCsrf)) throw csrfRefused();
    return session;
  }

  /** Signs the account in: a new token (never one the browser had before, against fixation). */
  async open(reply: FastifyReply, accountId: number): Promise<void> {
    const token = randomSecret();
    await openAuthSession(this.ds, accountId, sha256Hex(token));
    void reply.header('Set-Cookie', [
      setCookie(this.sessionCookie, token, { maxAgeSeconds: AUTH_SESSION_TTL_SECONDS, secure: this.secure }),
      clearCookie(this.signInCookie, this.secure),
    ]);
  }

  async close(reply: FastifyReply, session: Session): Promise<void> {
    await closeAuthSession(this.ds, session.tokenHash);
    void reply.header('Set-Cookie', clearCookie(this.sessionCookie, this.secure));
  }

  /** The sign-in form's CSRF token, from the browser's sign-in cookie (set here when missing). */
  signInFormToken(request: FastifyRequest, reply: FastifyReply): string {
    let secret = readCookie(request.headers.cookie, this.signInCookie);
    if (!secret) {
      secret = randomSecret();
      void reply.header(
        'Set-Cookie',
        setCookie(this.signInCookie, secret, { maxAgeSeconds: SIGN_IN_COOKIE_SECONDS, secure: this.secure }),
      );
    }
    return csrfToken(secret);
  }

  /** Refuses a sign-in POST whose token does not match the browser's sign-in cookie. */
  checkSignInForm(request: FastifyRequest, submittedCsrf: unknown): void {
    if (!csrfMatches(readCookie(request.headers.cookie, this.signInCookie), submittedCsrf))
      throw csrfRefused();
  }
}
