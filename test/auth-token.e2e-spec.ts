/** POST /oauth2/token (RFC 7523 JWT bearer), the JWKS, and where the signing keys come from. */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, importJWK, jwtVerify, KeyLike, SignJWT } from 'jose';
import { loadConfig } from '@app/config';
import { generateSigningJwk } from '../apps/auth/src/signing/signing-key-source';
import { loadSigningJwks } from '../apps/auth/src/signing/signing-key-source';
import {
  AuthHarness,
  authHarness,
  Browser,
  claimedAssertion,
  exchange,
  Person,
  seedSignInPerson,
  signIn,
} from './auth/harness';

let h: AuthHarness;
let person: Person;
let browser: Browser;
let key: KeyLike;

beforeAll(async () => {
  h = await authHarness();
  person = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'admin' });
  browser = new Browser(h.request);
  await signIn(browser, person.email);
  key = (await importJWK(h.signingKey, 'ES256')) as KeyLike;
});

afterAll(async () => {
  await h?.close();
});

const AUTH = 'http://localhost:3001';

/** An assertion as the service makes them, with chosen claims changed. */
async function forge(
  agentId: string,
  change: Record<string, unknown> = {},
  signWith = key,
  kid = h.signingKey.kid,
) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: AUTH,
    aud: `${AUTH}/oauth2/token`,
    sub: String(person.accountId),
    agent_id: agentId,
    jti: randomUUID(),
    iat: now,
    exp: now + 300,
    ...change,
  };
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(signWith);
}

const expectOAuthError = (
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  error: string,
) => {
  expect(res.statusCode).toBe(400);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe('string');
};

describe('POST /oauth2/token', () => {
  it('exchanges a valid assertion for a 300-second access token for {base_url}', async () => {
    const { assertion } = await claimedAssertion(h.request, browser, person.email);
    const agentId = decodeJwt(assertion).agent_id as string;
    const res = await exchange(h.request, assertion);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 300 });
    const jwks = createLocalJWKSet(
      (await h.request({ method: 'GET', url: '/.well-known/jwks.json' })).json(),
    );
    const { payload, protectedHeader } = await jwtVerify(body.access_token, jwks, {
      issuer: AUTH,
      audience: 'http://localhost:3000',
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: h.signingKey.kid });
    expect(payload).toMatchObject({
      sub: String(person.accountId),
      agent_id: agentId,
      token_use: 'agent_key',
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    const [agent] = await h.sql<{ last_used_at: Date | null }>(
      `SELECT last_used_at FROM agents WHERE id = $1`,
      [agentId],
    );
    expect(agent.last_used_at).toBeInstanceOf(Date);
  });

  it('refuses a replayed assertion (its jti is spent, in Postgres)', async () => {
    const { assertion } = await claimedAssertion(h.request, browser, person.email);
    expect((await exchange(h.request, assertion)).statusCode).toBe(200);
    expectOAuthError(await exchange(h.request, assertion), 'invalid_grant');
    const [row] = await h.sql(`SELECT 1 FROM used_jtis WHERE jti = $1`, [decodeJwt(assertion).jti]);
    expect(row).toBeDefined();
  });

  it('lets exactly one of concurrent exchanges of one assertion through', async () => {
    const { assertion } = await claimedAssertion(h.request, browser, person.email);
    const results = await Promise.all(Array.from({ length: 4 }, () => exchange(h.request, assertion)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  describe('refuses with invalid_grant', () => {
    let agentId: string;
    beforeAll(async () => {
      agentId = decodeJwt((await claimedAssertion(h.request, browser, person.email)).assertion)
        .agent_id as string;
    });

    it.each([
      ['a wrong audience (an access token is not an assertion)', { aud: 'http://localhost:3000' }],
      ['a wrong issuer', { iss: 'https://evil.example' }],
      [
        'an expired assertion (beyond the 60 s skew)',
        { iat: Math.floor(Date.now() / 1000) - 600, exp: Math.floor(Date.now() / 1000) - 61 },
      ],
      [
        'an iat more than 60 s in the future',
        { iat: Math.floor(Date.now() / 1000) + 120, exp: Math.floor(Date.now() / 1000) + 420 },
      ],
      ['no jti', { jti: undefined }],
      ['a non-numeric subject', { sub: 'admin' }],
      ["an agent that is not this person's", { sub: '999999' }],
    ])('%s', async (_what, change) => {
      expectOAuthError(await exchange(h.request, await forge(agentId, change)), 'invalid_grant');
    });

    it('accepts a clock up to 60 s off (the control for the cases above)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const res = await exchange(h.request, await forge(agentId, { iat: now + 30, exp: now + 330 }));
      expect(res.statusCode).toBe(200);
    });

    it('a signature by a key not in the JWKS', async () => {
      const stranger = (await importJWK(await generateSigningJwk(), 'ES256')) as KeyLike;
      expectOAuthError(await exchange(h.request, await forge(agentId, {}, stranger)), 'invalid_grant');
    });

    it('an agent that was disconnected or never confirmed', async () => {
      const [unconfirmed] = await h.sql<{ id: string }>(
        `INSERT INTO agents (name, account_id) VALUES ('x', $1) RETURNING id`,
        [person.accountId],
      );
      expectOAuthError(await exchange(h.request, await forge(unconfirmed.id)), 'invalid_grant');
      await h.sql(`UPDATE agents SET disconnected_at = now() WHERE id = $1`, [agentId]);
      expectOAuthError(await exchange(h.request, await forge(agentId)), 'invalid_grant');
    });

    it('garbage', async () => {
      expectOAuthError(await exchange(h.request, 'not.a.jwt'), 'invalid_grant');
    });
  });

  it('refuses another grant type with unsupported_grant_type', async () => {
    expectOAuthError(await exchange(h.request, 'x', 'client_credentials'), 'unsupported_grant_type');
  });

  it.each([
    [
      'no assertion',
      'application/x-www-form-urlencoded',
      'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer',
    ],
    ['no grant_type', 'application/x-www-form-urlencoded', 'assertion=abc'],
    [
      'an assertion sent twice',
      'application/x-www-form-urlencoded',
      'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a&assertion=b',
    ],
    [
      'a JSON body',
      'application/json',
      JSON.stringify({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: 'a' }),
    ],
    ['an unparsable JSON body', 'application/json', '{"grant_type":'],
    ['a text body', 'text/plain', 'grant_type=x'],
  ])('refuses a malformed request (%s) with invalid_request', async (_what, contentType, payload) => {
    const res = await h.request({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': contentType },
      payload,
    });
    expectOAuthError(res, 'invalid_request');
  });

  it('ignores parameters it does not know (RFC 6749 §3.2)', async () => {
    const { assertion } = await claimedAssertion(h.request, browser, person.email);
    const res = await h.request({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
        scope: 'x',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the public signing keys only', async () => {
    const res = await h.request({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { x, y, kid } = h.signingKey;
    expect(res.json()).toEqual({ keys: [{ kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' }] });
    expect(res.body).not.toContain(h.signingKey.d);
  });
});

describe('signing keys', () => {
  it('after a rotation the newest key signs and both verify (tokens of the old key stay valid)', async () => {
    const newest = await generateSigningJwk();
    const rotated = await authHarness({
      variables: { AUTH_SIGNING_KEYS: JSON.stringify([newest, h.signingKey]) },
    });
    try {
      const jwks = (await rotated.request({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual([newest.kid, h.signingKey.kid]);
      const other = await seedSignInPerson(rotated.env.db.dataSource, rotated.team.id);
      const b = new Browser(rotated.request);
      await signIn(b, other.email);
      const { assertion } = await claimedAssertion(rotated.request, b, other.email);
      const header = JSON.parse(Buffer.from(assertion.split('.')[0], 'base64url').toString());
      expect(header.kid).toBe(newest.kid);
      // A token signed by the previous key still verifies.
      const agentId = decodeJwt(assertion).agent_id as string;
      const now = Math.floor(Date.now() / 1000);
      const old = await new SignJWT({
        iss: AUTH,
        aud: `${AUTH}/oauth2/token`,
        sub: String(other.accountId),
        agent_id: agentId,
        jti: randomUUID(),
        iat: now,
        exp: now + 300,
      })
        .setProtectedHeader({ alg: 'ES256', kid: h.signingKey.kid })
        .sign(key);
      expect((await exchange(rotated.request, old)).statusCode).toBe(200);
    } finally {
      await rotated.close();
    }
  });

  it('outside production, generates a key file once (mode 0600) and reuses it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'auth-keys-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'development',
        AUTH_SIGNING_KEYS_FILE: join(dir, 'nested', 'keys.json'),
      });
      const [first, second] = await Promise.all([loadSigningJwks(config), loadSigningJwks(config)]);
      expect(first).toEqual(second);
      expect(await loadSigningJwks(config)).toEqual(first);
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      const file = join(dir, 'nested', 'keys.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('in production, refuses to start without AUTH_SIGNING_KEYS, and validates them at load', async () => {
    await expect(loadSigningJwks(loadConfig({ NODE_ENV: 'production' }))).rejects.toThrow(
      /AUTH_SIGNING_KEYS is required when NODE_ENV=production/,
    );
    const keys = [await generateSigningJwk()];
    await expect(
      loadSigningJwks(loadConfig({ NODE_ENV: 'production', AUTH_SIGNING_KEYS: JSON.stringify(keys) })),
    ).resolves.toEqual(keys);
    expect(() => loadConfig({ AUTH_SIGNING_KEYS: '[{"kty":"RSA"}]' })).toThrow(
      /AUTH_SIGNING_KEYS: entry 0 must be an EC P-256 key/,
    );
  });
});
