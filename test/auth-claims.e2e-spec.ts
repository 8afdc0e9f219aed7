/** Agent sign-in claims: every row of SPEC.md's claim state table, and the non-revealing identity answer. */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { CLAIM_MAX_WRONG_CODES, sha256Hex } from '@app/store';
import { expectErrorResponse } from '@app/testing';
import {
  AuthHarness,
  authHarness,
  Browser,
  codeOf,
  completeClaim,
  openClaim,
  Person,
  postJson,
  seedSignInPerson,
  signIn,
} from './auth/harness';

let h: AuthHarness;
let person: Person;
let browser: Browser;

beforeAll(async () => {
  h = await authHarness();
  person = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'developer' });
  browser = new Browser(h.request);
  expect((await signIn(browser, person.email)).statusCode).toBe(303);
});

afterAll(async () => {
  await h?.close();
});

const claimRow = (token: string) =>
  h
    .sql<{ status: string; wrong_attempts: number; code_hash: string; agent_id: string }>(
      `SELECT status, wrong_attempts, code_hash, agent_id FROM agent_claims WHERE token_hash = $1`,
      [sha256Hex(token)],
    )
    .then((rows) => rows[0]);

const expireCode = (token: string) =>
  h.sql(`UPDATE agent_claims SET code_expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
    sha256Hex(token),
  ]);

describe('POST /agent/identity', () => {
  it('opens a pending claim for an approved developer: token and verification link, token stored only hashed', async () => {
    const res = await postJson(h.request, '/agent/identity', {
      type: 'service_auth',
      login_hint: person.email.toUpperCase(),
      client_name: 'Research bot',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['claim']);
    expect(body.claim.token).toMatch(/^clm_[A-Za-z0-9_-]{43}$/);
    expect(body.claim.attempt).toEqual({
      verification_uri: expect.stringMatching(
        /^http:\/\/localhost:3001\/agent\/verify\?claim=[0-9a-f-]{36}$/,
      ),
      expires_in: 300,
    });
    const row = await claimRow(body.claim.token);
    expect(row.status).toBe('pending');
    const [agent] = await h.sql<{ name: string; account_id: number; confirmed_at: Date | null }>(
      `SELECT name, account_id, confirmed_at FROM agents WHERE id = $1`,
      [row.agent_id],
    );
    expect(agent).toEqual({ name: 'Research bot', account_id: person.accountId, confirmed_at: null });
    const dump = JSON.stringify(await h.sql(`SELECT * FROM agent_claims`));
    expect(dump).not.toContain(body.claim.token);
  });

  it('answers the same shape for unknown, pending, member-only and inactive people, storing a claim nobody can confirm', async () => {
    const ds = h.env.db.dataSource;
    const member = await seedSignInPerson(ds, h.team.id, { role: 'member' });
    const pending = await seedSignInPerson(ds, h.team.id, { status: 'pending' });
    const inactive = await seedSignInPerson(ds, h.team.id, { status: 'inactive' });
    for (const email of ['nobody@example.test', member.email, pending.email, inactive.email]) {
      const res = await postJson(h.request, '/agent/identity', { type: 'service_auth', login_hint: email });
      expect(res.statusCode).toBe(200);
      const { claim } = res.json();
      expect(claim.token).toMatch(/^clm_[A-Za-z0-9_-]{43}$/);
      expect(claim.attempt).toEqual({
        verification_uri: expect.stringMatching(
          /^http:\/\/localhost:3001\/agent\/verify\?claim=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        expires_in: 300,
      });
      // The decoy behaves like a claim whose person never looks.
      expectErrorResponse(
        await completeClaim(h.request, claim.token, 'BCDF-GHJK'),
        409,
        'claim_not_confirmed',
      );
      const renewed = await postJson(h.request, '/agent/identity/claim', { claim_token: claim.token });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).toEqual({ claim });
      // Its link leads nowhere, like another person's claim.
      expect(
        (
          await browser.get(
            new URL(claim.attempt.verification_uri).pathname + new URL(claim.attempt.verification_uri).search,
          )
        ).statusCode,
      ).toBe(404);
      // Stored like a real claim (so it costs the same), for an agent of nobody.
      const [agent] = await h.sql<{ account_id: number | null; status: string }>(
        `SELECT a.account_id, c.status FROM agent_claims c JOIN agents a ON a.id = c.agent_id WHERE c.token_hash = $1`,
        [sha256Hex(claim.token)],
      );
      expect(agent).toEqual({ account_id: null, status: 'pending' });
    }
  });

  it('refuses malformed requests with 422 naming each field', async () => {
    const res = await postJson(h.request, '/agent/identity', {
      type: 'password',
      login_hint: 'not-an-email',
      extra: 1,
    });
    const body = expectErrorResponse(res, 422, 'validation_failed');
    expect((body.details as Array<{ field: string }>).map((d) => d.field).sort()).toEqual([
      'extra',
      'login_hint',
      'type',
    ]);
  });
});

describe('the claim moves through its states', () => {
  it('pending: completion before the code was viewed is 409 claim_not_confirmed and counts nothing', async () => {
    const claim = await openClaim(h.request, person.email);
    const res = await completeClaim(h.request, claim.token, 'BCDF-GHJK');
    expectErrorResponse(res, 409, 'claim_not_confirmed');
    expect(await claimRow(claim.token)).toMatchObject({ status: 'pending', wrong_attempts: 0 });
  });

  it('viewing confirms: the page shows the agent and the code, only its hash is stored', async () => {
    const claim = await openClaim(h.request, person.email, 'Helpful <agent>');
    const page = await browser.get(claim.verifyPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Helpful &#60;agent&#62;');
    const code = codeOf(page.body);
    expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    const row = await claimRow(claim.token);
    expect(row.status).toBe('confirmed');
    expect(row.code_hash).toBe(sha256Hex(code.replace('-', '')));
  });

  it('confirmed + the code as shown: the assertion, exactly once, and the agent is confirmed', async () => {
    const claim = await openClaim(h.request, person.email);
    const code = codeOf((await browser.get(claim.verifyPath)).body);
    // Case, hyphen and space insensitive.
    const typed = ` ${code.slice(0, 2)} ${code.slice(2).toLowerCase()} `;
    const res = await completeClaim(h.request, claim.token, typed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { identity } = res.json();
    expect(Object.keys(res.json())).toEqual(['identity']);
    const payload = decodeJwt(identity.assertion);
    const row = await claimRow(claim.token);
    expect(payload).toMatchObject({
      iss: 'http://localhost:3001',
      aud: 'http://localhost:3001/oauth2/token',
      sub: String(person.accountId),
      agent_id: row.agent_id,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(decodeProtectedHeader(identity.assertion)).toMatchObject({ alg: 'ES256', kid: h.signingKey.kid });
    expect(row.status).toBe('completed');
    const [agent] = await h.sql<{ confirmed_at: Date | null }>(
      `SELECT confirmed_at FROM agents WHERE id = $1`,
      [row.agent_id],
    );
    expect(agent.confirmed_at).toBeInstanceOf(Date);

    expectErrorResponse(await completeClaim(h.request, claim.token, code), 409, 'claim_completed');
    expectErrorResponse(
      await postJson(h.request, '/agent/identity/claim', { claim_token: claim.token }),
      409,
      'claim_completed',
    );
    const again = await browser.get(claim.verifyPath);
    expect(again.statusCode).toBe(409);
  });

  it('concurrent completions with the right code: exactly one assertion', async () => {
    const claim = await openClaim(h.request, person.email);
    const code = codeOf((await browser.get(claim.verifyPath)).body);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => completeClaim(h.request, claim.token, code)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it(`wrong codes count; the ${CLAIM_MAX_WRONG_CODES}th ends the claim (failed), even for the right code after`, async () => {
    const claim = await openClaim(h.request, person.email);
    const code = codeOf((await browser.get(claim.verifyPath)).body);
    const wrong = code === 'BCDF-GHJK' ? 'ZZZZ-ZZZZ' : 'BCDF-GHJK';
    for (let left = CLAIM_MAX_WRONG_CODES - 1; left >= 1; left--) {
      const body = expectErrorResponse(
        await completeClaim(h.request, claim.token, wrong),
        400,
        'invalid_user_code',
      );
      expect(body.details).toEqual({ attempts_left: left });
    }
    expectErrorResponse(await completeClaim(h.request, claim.token, wrong), 400, 'claim_failed');
    expect(await claimRow(claim.token)).toMatchObject({
      status: 'failed',
      wrong_attempts: CLAIM_MAX_WRONG_CODES,
    });
    expectErrorResponse(await completeClaim(h.request, claim.token, code), 400, 'claim_failed');
    expectErrorResponse(
      await postJson(h.request, '/agent/identity/claim', { claim_token: claim.token }),
      400,
      'claim_failed',
    );
    expect((await browser.get(claim.verifyPath)).statusCode).toBe(410);
  });

  it('an expired code is refused; renewal issues a new code (pending again) and the old one stays dead', async () => {
    const claim = await openClaim(h.request, person.email);
    const oldCode = codeOf((await browser.get(claim.verifyPath)).body);
    await expireCode(claim.token);
    expectErrorResponse(await completeClaim(h.request, claim.token, oldCode), 400, 'claim_code_expired');
    // The page refuses too, without making a code.
    const expiredPage = await browser.get(claim.verifyPath);
    expect(expiredPage.statusCode).toBe(410);
    expect(expiredPage.body).not.toMatch(/class="code"/);

    const renewed = await postJson(h.request, '/agent/identity/claim', { claim_token: claim.token });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({
      claim: { token: claim.token, attempt: { verification_uri: claim.verificationUri, expires_in: 300 } },
    });
    expect(await claimRow(claim.token)).toMatchObject({ status: 'pending' });
    expectErrorResponse(await completeClaim(h.request, claim.token, oldCode), 409, 'claim_not_confirmed');

    const newCode = codeOf((await browser.get(claim.verifyPath)).body);
    if (newCode !== oldCode)
      expectErrorResponse(await completeClaim(h.request, claim.token, oldCode), 400, 'invalid_user_code');
    expect((await completeClaim(h.request, claim.token, newCode)).statusCode).toBe(200);
  });

  it('a link not opened in time shows as expired and is renewed the same way', async () => {
    const claim = await openClaim(h.request, person.email);
    await expireCode(claim.token);
    expect((await browser.get(claim.verifyPath)).statusCode).toBe(410);
    expect(
      (await postJson(h.request, '/agent/identity/claim', { claim_token: claim.token })).statusCode,
    ).toBe(200);
    expect((await browser.get(claim.verifyPath)).statusCode).toBe(200);
  });

  it('viewing again replaces the code: only the latest one works', async () => {
    const claim = await openClaim(h.request, person.email);
    const first = codeOf((await browser.get(claim.verifyPath)).body);
    const second = codeOf((await browser.get(claim.verifyPath)).body);
    if (first !== second)
      expectErrorResponse(await completeClaim(h.request, claim.token, first), 400, 'invalid_user_code');
    expect((await completeClaim(h.request, claim.token, second)).statusCode).toBe(200);
  });
});

describe('the verification page', () => {
  it('sends a signed-out person to sign in and back to the claim', async () => {
    const claim = await openClaim(h.request, person.email);
    const stranger = new Browser(h.request);
    const first = await stranger.get(claim.verifyPath);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/sign-in?next=${encodeURIComponent(claim.verifyPath)}`);
    const signedIn = await signIn(stranger, person.email, undefined, claim.verifyPath);
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe(claim.verifyPath);
    expect((await stranger.get(claim.verifyPath)).statusCode).toBe(200);
  });

  it("shows another person's claim as not found, and leaves it pending", async () => {
    const other = await seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'admin' });
    const otherBrowser = new Browser(h.request);
    await signIn(otherBrowser, other.email);
    const claim = await openClaim(h.request, person.email);
    const page = await otherBrowser.get(claim.verifyPath);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toMatch(/class="code"/);
    expect(await claimRow(claim.token)).toMatchObject({ status: 'pending' });
    expect((await otherBrowser.get('/agent/verify?claim=not-a-uuid')).statusCode).toBe(404);
  });
});
