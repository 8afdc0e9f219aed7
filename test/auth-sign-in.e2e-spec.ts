/** People's sign-in at {auth_url}: sessions, CSRF, throttling, the hash upgrade, sign-out. */
import { createHash, scryptSync } from 'node:crypto';
import { PASSWORD_HASH_PARAMS, sha256Hex } from '@app/store';
import { SIGN_IN_THROTTLE } from '../apps/auth/src/sign-in/sign-in-throttle';
import {
  AUTH,
  AuthHarness,
  authHarness,
  Browser,
  csrfOf,
  PASSWORD,
  Person,
  seedSignInPerson,
  signIn,
} from './auth/harness';
import { bootHttpApp, injector } from '@app/testing';

let h: AuthHarness;

beforeAll(async () => {
  h = await authHarness();
});

afterAll(async () => {
  await h?.close();
});

const newPerson = (opts: Parameters<typeof seedSignInPerson>[2] = {}) =>
  seedSignInPerson(h.env.db.dataSource, h.team.id, opts);

/** A client address of its own per test, so per-address counts never leak between tests. */
let clients = 0;
const newBrowser = () => new Browser(h.request, `10.0.0.${++clients}`);

describe('sign-in', () => {
  it('serves a form that works without JavaScript: labelled fields, lang, heading, no scripts', async () => {
    const res = await newBrowser().get('/sign-in');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body).toMatch(/<html lang="en">/);
    expect(res.body).toMatch(/<h1>Sign in<\/h1>/);
    expect(res.body).toMatch(/<form method="post" action="\/sign-in"/);
    expect(res.body).toMatch(
      /<label for="email">Email<\/label>\s*<input\s+id="email"\s+name="email"\s+type="email"/,
    );
    expect(res.body).toMatch(
      /<label for="password">Password<\/label>\s*<input\s+id="password"\s+name="password"\s+type="password"/,
    );
    expect(res.body).not.toMatch(/<script/i);
    // The one inline style is the one the CSP allows by hash, byte for byte.
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1];
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
  });

  it('signs in with the right password: an HttpOnly SameSite=Lax cookie, the session stored hashed', async () => {
    const person = await newPerson();
    const browser = newBrowser();
    const res = await signIn(browser, person.email.toUpperCase(), PASSWORD, '/account/apps');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account/apps');
    const cookie = browser.setCookies.find((c) => c.startsWith('svc_session=') && !/Max-Age=0/.test(c))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=28800/);
    expect(cookie).not.toMatch(/Secure/);
    const token = browser.cookies.get('svc_session')!;
    const rows = await h.sql<{ token_hash: string }>(
      `SELECT token_hash FROM auth_sessions WHERE account_id = $1`,
      [person.accountId],
    );
    expect(rows).toEqual([{ token_hash: sha256Hex(token) }]);
    const apps = await browser.get('/account/apps');
    expect(apps.statusCode).toBe(200);
    expect(apps.body).toContain(`Signed in as ${person.email}`);
  });

  it('refuses a wrong password and an unknown email with the same 401 form and message', async () => {
    const person = await newPerson();
    const wrong = await signIn(newBrowser(), person.email, 'not the password');
    const unknown = await signIn(newBrowser(), 'nobody@example.test', 'not the password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('That email and password do not match an account.');
      expect(res.body).toMatch(/<form method="post" action="\/sign-in"/);
      expect(res.headers['set-cookie'] ?? '').not.toMatch(/svc_session=[^;]/);
    }
    expect(unknown.body.replace(/value="[^"]*"/g, '')).toBe(wrong.body.replace(/value="[^"]*"/g, ''));
  });

  it('refuses an inactive account even with the right password', async () => {
    const person = await newPerson({ status: 'inactive' });
    const res = await signIn(newBrowser(), person.email);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('inactive');
  });

  it('goes back only to a local path after sign-in', async () => {
    const person = await newPerson();
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await signIn(newBrowser(), person.email, PASSWORD, next);
      expect(res.headers.location).toBe('/');
    }
  });

  it(`throttles an account after ${SIGN_IN_THROTTLE.perAccount} failures, even from other addresses and with the right password`, async () => {
    const person = await newPerson();
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount; i++)
      expect((await signIn(newBrowser(), person.email, `wrong ${i}`)).statusCode).toBe(401);
    const res = await signIn(newBrowser(), person.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(SIGN_IN_THROTTLE.windowSeconds - 60);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(SIGN_IN_THROTTLE.windowSeconds);
    expect(res.body).toContain('Too many failed attempts');
    // Once the failures leave the window, the right password works again.
    await h.sql(
      `UPDATE auth_attempts SET created_at = now() - interval '16 minutes'
        WHERE scope = 'sign_in:email' AND subject = $1`,
      [person.email],
    );
    expect((await signIn(newBrowser(), person.email, PASSWORD)).statusCode).toBe(303);
  });

  it(`throttles an address after ${SIGN_IN_THROTTLE.perClient} failures across accounts`, async () => {
    const browser = newBrowser();
    for (let i = 0; i < SIGN_IN_THROTTLE.perClient; i++)
      expect((await signIn(browser, `guess-${i}@example.test`, 'x')).statusCode).toBe(401);
    const person = await newPerson();
    expect((await signIn(browser, person.email)).statusCode).toBe(429);
    expect((await signIn(newBrowser(), person.email)).statusCode).toBe(303);
  });

  it("a successful sign-in starts the account's count again", async () => {
    const person = await newPerson();
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount - 1; i++)
      await signIn(newBrowser(), person.email, 'wrong');
    expect((await signIn(newBrowser(), person.email)).statusCode).toBe(303);
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount - 1; i++)
      await signIn(newBrowser(), person.email, 'wrong');
    expect((await signIn(newBrowser(), person.email)).statusCode).toBe(303);
  });

  it('rehashes a password stored with older scrypt parameters at sign-in', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const old = `scrypt$16384$8$1$${salt.toString('base64url')}$${scryptSync(PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
    const person = await newPerson({ hash: old });
    expect((await signIn(newBrowser(), person.email)).statusCode).toBe(303);
    const [{ password_hash }] = await h.sql<{ password_hash: string }>(
      `SELECT password_hash FROM accounts WHERE id = $1`,
      [person.accountId],
    );
    expect(password_hash).toMatch(new RegExp(`^scrypt\\$${PASSWORD_HASH_PARAMS.N}\\$8\\$1\\$`));
    expect(PASSWORD_HASH_PARAMS.N).toBe(2 ** 17);
    // The new hash works, and is not rewritten again.
    expect((await signIn(newBrowser(), person.email)).statusCode).toBe(303);
    const [again] = await h.sql<{ password_hash: string }>(
      `SELECT password_hash FROM accounts WHERE id = $1`,
      [person.accountId],
    );
    expect(again.password_hash).toBe(password_hash);
  });

  it('marks the cookies Secure (and __Host-) when PUBLIC_AUTH_URL is https', async () => {
    const app = await bootHttpApp(AUTH, { ...h.env.config, publicAuthUrl: 'https://auth.example.test' });
    try {
      const person = await newPerson();
      const browser = new Browser(injector(app), '10.1.0.1');
      expect((await signIn(browser, person.email)).statusCode).toBe(303);
      const session = browser.setCookies.find(
        (c) => c.startsWith('__Host-svc_session=') && !/Max-Age=0/.test(c),
      );
      expect(session).toMatch(/; Path=\/; .*HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await app.close();
    }
  });
});

describe('CSRF', () => {
  it("refuses a sign-in POST without the form's token, or without the browser's cookie", async () => {
    const person = await newPerson();
    const browser = newBrowser();
    const form = await browser.get('/sign-in');
    const noToken = await browser.post('/sign-in', { email: person.email, password: PASSWORD });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.body).toMatch(/<h1>Not allowed<\/h1>/);
    const otherBrowser = newBrowser(); // a forged form from another site: no sign-in cookie
    const forged = await otherBrowser.post('/sign-in', {
      email: person.email,
      password: PASSWORD,
      csrf: csrfOf(form.body),
    });
    expect(forged.statusCode).toBe(403);
    expect(otherBrowser.cookies.has('svc_session')).toBe(false);
  });

  it('refuses sign-out with a wrong token, keeping the session', async () => {
    const person = await newPerson();
    const browser = newBrowser();
    await signIn(browser, person.email);
    const res = await browser.post('/sign-out', { csrf: 'forged' });
    expect(res.statusCode).toBe(403);
    expect((await browser.get('/account/apps')).statusCode).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session: the row is gone and the old cookie no longer signs in', async () => {
    const person: Person = await newPerson();
    const browser = newBrowser();
    await signIn(browser, person.email);
    const stolen = browser.cookies.get('svc_session')!;
    const page = await browser.get('/account/apps');
    const res = await browser.post('/sign-out', { csrf: csrfOf(page.body) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sign-in');
    expect(browser.cookies.has('svc_session')).toBe(false);
    const rows = await h.sql(`SELECT 1 FROM auth_sessions WHERE account_id = $1`, [person.accountId]);
    expect(rows).toEqual([]);
    const replay = await h.request({
      method: 'GET',
      url: '/account/apps',
      headers: { cookie: `svc_session=${stolen}` },
    });
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/sign-in?next=%2Faccount%2Fapps');
  });

  it('an expired session signs nobody in', async () => {
    const person = await newPerson();
    const browser = newBrowser();
    await signIn(browser, person.email);
    await h.sql(`UPDATE auth_sessions SET expires_at = now() WHERE account_id = $1`, [person.accountId]);
    expect((await browser.get('/account/apps')).statusCode).toBe(303);
  });
});
