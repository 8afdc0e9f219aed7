/** The libs/testing harness bound to the auth service, and a cookie-keeping browser over inject. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '@app/config';
import type { SigningJwk } from '@app/config';
import { AccountStatus, hashPassword, MembershipRole } from '@app/store';
import {
  bootHttpApp,
  HttpAppBinding,
  httpHarness,
  HttpHarness,
  HttpHarnessOptions,
  Inject,
  seedPerson,
} from '@app/testing';
import type { DataSource } from 'typeorm';
import { createAuthServer } from '../../apps/auth/src/bootstrap';
import { AuthModule } from '../../apps/auth/src/auth.module';
import { generateSigningJwk } from '../../apps/auth/src/signing/signing-key-source';

export const AUTH: HttpAppBinding = {
  module: (config) => AuthModule.forRoot(config),
  create: createAuthServer,
};

export const bootAuth = (config: AppConfig) => bootHttpApp(AUTH, config);

export interface AuthHarness extends HttpHarness {
  /** The private signing key the app was configured with, for suites that forge tokens. */
  signingKey: SigningJwk;
}

/** The auth service on its own environment, with a signing key of its own (AUTH_SIGNING_KEYS). */
export async function authHarness(opts: HttpHarnessOptions = {}): Promise<AuthHarness> {
  const signingKey = await generateSigningJwk();
  const harness = await httpHarness(AUTH, {
    ...opts,
    variables: { AUTH_SIGNING_KEYS: JSON.stringify([signingKey]), ...opts.variables },
  });
  return { ...harness, signingKey };
}

export const PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | null = null;

export interface Person {
  accountId: number;
  email: string;
}

/** An account that can sign in with PASSWORD (one scrypt hash per suite), in one team with `role`. */
export async function seedSignInPerson(
  ds: DataSource,
  teamId: number,
  opts: { role?: MembershipRole; status?: AccountStatus; hash?: string } = {},
): Promise<Person> {
  const person = await seedPerson(ds, {
    teams: [{ teamId, role: opts.role ?? 'developer' }],
    status: opts.status,
  });
  passwordHash ??= hashPassword(PASSWORD);
  await ds.query(`UPDATE accounts SET password_hash = $1 WHERE id = $2`, [
    opts.hash ?? (await passwordHash),
    person.accountId,
  ]);
  return person;
}

/** Requests with a cookie jar, like a browser without JavaScript. */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header seen, for attribute checks. */
  readonly setCookies: string[] = [];

  constructor(
    private readonly inject: Inject,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  get(url: string): Promise<LightMyRequestResponse> {
    return this.send({ method: 'GET', url });
  }

  post(url: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }

  private async send(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.inject({
      ...opts,
      remoteAddress: this.remoteAddress,
      headers: { ...(opts.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      this.setCookies.push(line);
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (/Max-Age=0/.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export function csrfOf(page: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(page);
  if (!m) throw new Error(`no CSRF token on the page: ${page.slice(0, 300)}`);
  return m[1];
}

/** The code shown on the verification page (XXXX-XXXX). */
export function codeOf(page: string): string {
  const m = /class="code"[^>]*>([A-Z]{4}-[A-Z]{4})</.exec(page);
  if (!m) throw new Error(`no code on the page: ${page.slice(0, 300)}`);
  return m[1];
}

/** The sign-in form, filled and sent; answers the POST's response. */
export async function signIn(
  browser: Browser,
  email: string,
  password = PASSWORD,
  next = '/',
): Promise<LightMyRequestResponse> {
  const form = await browser.get(`/sign-in?next=${encodeURIComponent(next)}`);
  return browser.post('/sign-in', { email, password, csrf: csrfOf(form.body), next });
}

export interface OpenedClaim {
  token: string;
  verificationUri: string;
  /** The verification URI's path and query, for inject. */
  verifyPath: string;
}

export async function openClaim(request: Inject, email: string, clientName?: string): Promise<OpenedClaim> {
  const res = await postJson(request, '/agent/identity', {
    type: 'service_auth',
    login_hint: email,
    ...(clientName ? { client_name: clientName } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`identity: ${res.statusCode} ${res.body}`);
  const { claim } = res.json();
  const uri = new URL(claim.attempt.verification_uri);
  return {
    token: claim.token,
    verificationUri: claim.attempt.verification_uri,
    verifyPath: uri.pathname + uri.search,
  };
}

export function postJson(request: Inject, url: string, body: unknown): Promise<LightMyRequestResponse> {
  return request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export function completeClaim(request: Inject, token: string, code: string) {
  return postJson(request, '/agent/identity/claim/complete', { claim_token: token, user_code: code });
}

export function exchange(
  request: Inject,
  assertion: string,
  grantType = 'urn:ietf:params:oauth:grant-type:jwt-bearer',
) {
  return request({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: grantType, assertion }).toString(),
  });
}

/** A person signed in, a claim opened for them, the code viewed and given to the agent: the assertion. */
export async function claimedAssertion(
  request: Inject,
  browser: Browser,
  email: string,
): Promise<{ assertion: string; claim: OpenedClaim }> {
  const claim = await openClaim(request, email);
  const page = await browser.get(claim.verifyPath);
  const done = await completeClaim(request, claim.token, codeOf(page.body));
  if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  return { assertion: done.json().identity.assertion, claim };
}
