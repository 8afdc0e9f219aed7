/**
 * POST /agent/identity (issue 26): limited per login_hint and per address across auth processes,
 * a decoy costing what a real claim costs (the same rows written by the same statement), and
 * the purge of what identity requests leave behind.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LightMyRequestResponse } from 'fastify';
import { sha256Hex } from '@app/store';
import { expectErrorResponse, Inject, injector } from '@app/testing';
import { IDENTITY_THROTTLE } from '../apps/auth/src/claims/identity-throttle';
import { RETENTION } from '../apps/auth/src/retention/retention';
import { RetentionService } from '../apps/auth/src/retention/retention.service';
import {
  AuthHarness,
  authHarness,
  bootAuth,
  Browser,
  codeOf,
  completeClaim,
  Person,
  postJson,
  seedSignInPerson,
  signIn,
} from './auth/harness';

let h: AuthHarness;
let other: NestFastifyApplication;

beforeAll(async () => {
  h = await authHarness();
  other = await bootAuth(h.env.config);
});

afterAll(async () => {
  await other?.close();
  await h?.close();
});

/** A person who may approve agents, of their own per test, so per-login_hint counts never leak. */
const newApprover = (): Promise<Person> =>
  seedSignInPerson(h.env.db.dataSource, h.team.id, { role: 'developer' });

let addresses = 0;
const newAddress = () => `10.27.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
let hints = 0;
const unknownEmail = () => `nobody-${++hints}@example.test`;

function identity(request: Inject, address: string, loginHint: string): Promise<LightMyRequestResponse> {
  return request({
    method: 'POST',
    url: '/agent/identity',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ type: 'service_auth', login_hint: loginHint }),
  });
}

/** Both auth processes, alternately. */
const processes = () => [h.request, injector(other)];

function expectRateLimited(res: LightMyRequestResponse, per: 'login_hint' | 'address', limit: number) {
  const body = expectErrorResponse(res, 429, 'rate_limited');
  const { windowSeconds } = IDENTITY_THROTTLE;
  expect(body.details).toEqual({
    per,
    limit,
    window_seconds: windowSeconds,
    retry_after_seconds: expect.any(Number),
  });
  const retry = (body.details as { retry_after_seconds: number }).retry_after_seconds;
  expect(retry).toBeGreaterThan(windowSeconds - 60);
  expect(retry).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['retry-after']).toBe(String(retry));
}

describe('limits', () => {
  const { perLoginHint, perClient } = IDENTITY_THROTTLE;

  it(`one login_hint gets ${perLoginHint} claims an hour across processes and addresses, an approver's as a stranger's`, async () => {
    const approver = await newApprover();
    for (const email of [approver.email, unknownEmail()]) {
      const answers = await Promise.all(
        Array.from({ length: perLoginHint + 5 }, (_, i) =>
          identity(processes()[i % 2], newAddress(), i % 3 === 0 ? email.toUpperCase() : email),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(perLoginHint);
      const refused = answers.filter((r) => r.statusCode !== 200);
      expect(refused).toHaveLength(5);
      for (const res of refused) expectRateLimited(res, 'login_hint', perLoginHint);
    }
  });

  it(`one address gets ${perClient} claims an hour across processes and login hints`, async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: perClient + 5 }, (_, i) => identity(processes()[i % 2], address, unknownEmail())),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(perClient);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const res of refused) expectRateLimited(res, 'address', perClient);
    // Another address is not held back by it.
    expect((await identity(h.request, newAddress(), unknownEmail())).statusCode).toBe(200);
  });
});

describe('the decoy', () => {
  const TABLES = ['agents', 'agent_claims', 'auth_attempts'] as const;

  async function rowsWritten(email: string): Promise<Record<string, number>> {
    const count = async () =>
      Object.fromEntries(
        await Promise.all(
          TABLES.map(async (t) => [
            t,
            (await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0].n,
          ]),
        ),
      ) as Record<string, number>;
    const before = await count();
    expect((await identity(h.request, newAddress(), email)).statusCode).toBe(200);
    const after = await count();
    return Object.fromEntries(TABLES.map((t) => [t, after[t] - before[t]]));
  }

  it("writes exactly what an approver's claim writes, for no account", async () => {
    const ds = h.env.db.dataSource;
    const approver = await newApprover();
    const member = await seedSignInPerson(ds, h.team.id, { role: 'member' });
    const pending = await seedSignInPerson(ds, h.team.id, { status: 'pending' });
    const inactive = await seedSignInPerson(ds, h.team.id, { status: 'inactive' });
    const real = await rowsWritten(approver.email);
    expect(real).toEqual({ agents: 1, agent_claims: 1, auth_attempts: 2 });
    for (const email of [unknownEmail(), member.email, pending.email, inactive.email])
      expect(await rowsWritten(email)).toEqual(real);
  });
});

describe('retention', () => {
  const browser = () => new Browser(h.request, newAddress());

  async function openClaimAt(email: string): Promise<string> {
    const res = await identity(h.request, newAddress(), email);
    expect(res.statusCode).toBe(200);
    return res.json().claim.token;
  }

  const age = (token: string, hours: number) =>
    h.sql(
      `UPDATE agent_claims SET code_expires_at = now() - make_interval(hours => $2), created_at = now() - make_interval(hours => $2)
        WHERE token_hash = $1`,
      [sha256Hex(token), hours],
    );

  const claimExists = async (token: string) =>
    (await h.sql(`SELECT 1 FROM agent_claims WHERE token_hash = $1`, [sha256Hex(token)])).length === 1;

  it('purges unconfirmed agents with their stale claims and attempts past every window, a bounded batch per run', async () => {
    const staleHours = RETENTION.claimSeconds / 3600 + 1;
    const approver = await newApprover();
    // Completed long ago: kept, as is its confirmed agent.
    const person = browser();
    expect((await signIn(person, approver.email)).statusCode).toBe(303);
    const completed = await openClaimAt(approver.email);
    const [{ id: completedClaim }] = await h.sql<{ id: string }>(
      `SELECT id FROM agent_claims WHERE token_hash = $1`,
      [sha256Hex(completed)],
    );
    const page = await person.get(`/agent/verify?claim=${completedClaim}`);
    expect((await completeClaim(h.request, completed, codeOf(page.body))).statusCode).toBe(200);
    await age(completed, staleHours);
    // Never viewed, a decoy, and one viewed but never completed: stale. A fresh one: kept.
    const stale = [await openClaimAt(approver.email), await openClaimAt(unknownEmail())];
    const viewed = await openClaimAt(approver.email);
    const [{ id: viewedClaim }] = await h.sql<{ id: string }>(
      `SELECT id FROM agent_claims WHERE token_hash = $1`,
      [sha256Hex(viewed)],
    );
    expect((await person.get(`/agent/verify?claim=${viewedClaim}`)).statusCode).toBe(200);
    stale.push(viewed);
    for (const token of stale) await age(token, staleHours);
    const fresh = await openClaimAt(unknownEmail());
    // Attempts: two past every window, the rest recent.
    await h.sql(
      `UPDATE auth_attempts SET created_at = now() - make_interval(secs => $1 + 60)
        WHERE id IN (SELECT id FROM auth_attempts ORDER BY id LIMIT 2)`,
      [RETENTION.attemptSeconds],
    );
    const attemptsBefore = (await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM auth_attempts`))[0].n;

    const retention = h.app.get(RetentionService);
    expect(await retention.purge(1)).toEqual({ claims: 1, attempts: 1 });
    expect(await retention.purge()).toEqual({ claims: stale.length - 1, attempts: 1 });
    expect(await retention.purge()).toEqual({ claims: 0, attempts: 0 });

    for (const token of stale) expect(await claimExists(token)).toBe(false);
    expect(await claimExists(completed)).toBe(true);
    expect(await claimExists(fresh)).toBe(true);
    expect(
      await h.sql(
        `SELECT 1 FROM agents a WHERE a.confirmed_at IS NULL AND NOT EXISTS (SELECT 1 FROM agent_claims c WHERE c.agent_id = a.id)`,
      ),
    ).toEqual([]);
    expect((await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM auth_attempts`))[0].n).toBe(
      attemptsBefore - 2,
    );
    // A purged claim's token answers like one never issued: renewal works, completion never does.
    const renewed = await postJson(h.request, '/agent/identity/claim', { claim_token: stale[0] });
    expect(renewed.statusCode).toBe(200);
    expectErrorResponse(await completeClaim(h.request, stale[0], 'BCDF-GHJK'), 409, 'claim_not_confirmed');
  });
});
