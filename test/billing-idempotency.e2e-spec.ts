import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { grantCredits } from '@app/store';
import {
  balanceOf,
  expectErrorResponse,
  HttpHarness,
  Inject,
  injector,
  seedTeam,
  TestEnvironment,
} from '@app/testing';
import { handlerRuns, PROBE_CONTROLLERS } from './access/probe.controllers';
import { bootGateway, gatewayHarness } from './gateway';

/**
 * `Idempotency-Key` on billed POSTs (docs/access.md, "Idempotent retries"): a retry replays the
 * stored response and is charged once, whichever gateway it reaches; the same key with another
 * body is 422; a failed request frees its key.
 */
describe('billing: Idempotency-Key', () => {
  let h: HttpHarness;
  let env: TestEnvironment;
  let inject: Inject;
  let second: NestFastifyApplication;
  let injectSecond: Inject;

  beforeAll(async () => {
    h = await gatewayHarness({ variables: { REDIS_URL: '' }, controllers: PROBE_CONTROLLERS });
    ({ env, request: inject } = h);
    // A second gateway on the same Postgres: keys must be shared, not per process.
    second = await bootGateway(env.config, PROBE_CONTROLLERS);
    injectSecond = injector(second);
  });

  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  const billed = (key: string, idem: string | null, payload: object, via: Inject = inject) =>
    via({
      method: 'POST',
      url: '/probe/billed',
      payload,
      headers: { 'api-key': key, ...(idem === null ? {} : { 'idempotency-key': idem }) },
    });
  const usageCount = async (teamId: number) =>
    (await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM usage WHERE team_id = $1`, [teamId]))[0].n;

  it('replays the stored response to a retry, on another gateway too, and charges once', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    const runs = handlerRuns.billed;
    const first = await billed(team.key, 'order-1', { matches: 3, pretty: true });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-credits-charged']).toBe('3');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (const via of [inject, injectSecond]) {
      const retry = await billed(team.key, 'order-1', { matches: 3, pretty: true }, via);
      expect(retry.statusCode).toBe(200);
      expect(retry.body).toBe(first.body);
      expect(retry.headers['content-type']).toBe(first.headers['content-type']);
      expect(retry.headers['x-credits-charged']).toBe('3');
      expect(retry.headers['x-credits-remaining']).toBe('7');
      expect(retry.headers['idempotent-replayed']).toBe('true');
    }
    expect(handlerRuns.billed).toBe(runs + 1);
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(7);
    expect(await usageCount(team.id)).toBe(1);
  });

  it('charges concurrent retries of one key once', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 100 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        billed(team.key, 'burst', { matches: 2 }, i % 2 ? injectSecond : inject),
      ),
    );
    for (const r of responses.filter((x) => x.statusCode !== 200)) {
      expectErrorResponse(r, 409, 'conflict');
      expect(r.headers['retry-after']).toBe('1');
    }
    expect(responses.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(98);
    expect(await usageCount(team.id)).toBe(1);
  });

  it('refuses the same key with a different body with 422, charging nothing', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    expect((await billed(team.key, 'k', { matches: 1 })).statusCode).toBe(200);
    const other = await billed(team.key, 'k', { matches: 2 });
    expectErrorResponse(other, 422, 'idempotency_key_reused');
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(9);
    // Keys are per team: another team's same key is its own.
    const neighbour = await seedTeam(env.db.dataSource, { credits: 10 });
    expect((await billed(neighbour.key, 'k', { matches: 2 })).statusCode).toBe(200);
  });

  it('frees the key of a failed request, so the same retry runs once it can succeed', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 1 });
    expectErrorResponse(await billed(team.key, 'topup', { matches: 3 }), 402, 'insufficient_credits');
    await grantCredits(env.db.dataSource, { id: team.id }, 5);
    const retry = await billed(team.key, 'topup', { matches: 3 });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(3);
  });

  it('forgets a key after 24 hours', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    expect((await billed(team.key, 'old', { matches: 1 })).statusCode).toBe(200);
    await h.sql(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE team_id = $1`, [
      team.id,
    ]);
    const again = await billed(team.key, 'old', { matches: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(7);
  });

  it('refuses an unusable key with 400, and without a key every call runs', async () => {
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    expectErrorResponse(await billed(team.key, 'x'.repeat(256), { matches: 1 }), 400, 'invalid_request');
    await billed(team.key, null, { matches: 1 });
    await billed(team.key, null, { matches: 1 });
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(8);
  });

  it('documents the header on billed POSTs only, not on their sandbox mirrors or free routes', async () => {
    const doc = (await inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const documented = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).some(
        (p) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
    expect(documented('/person/enrich', 'post')).toBe(true);
    expect(documented('/company/enrich/bulk', 'post')).toBe(true);
    expect(documented('/sandbox/person/enrich', 'post')).toBe(false);
    expect(documented('/person/enrich', 'get')).toBe(false);
    expect(documented('/utility/hash/email', 'post')).toBe(false);
  });
});
