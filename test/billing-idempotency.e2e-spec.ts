import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { chargeCalls, claimIdempotencyKey, grantCredits, IDEMPOTENCY_LEASE_SECONDS } from '@app/store';
import {
  balanceOf,
  expectErrorResponse,
  HttpHarness,
  Inject,
  injector,
  seedTeam,
  TestEnvironment,
} from '@app/testing';
import { CHARGE } from '../libs/store/src/charges';
import { handlerRuns, PROBE_CONTROLLERS } from './access/probe.controllers';
import { postgresCutter, PostgresCutter } from './faults/postgres-cutter';
import { bootGateway, gatewayHarness } from './gateway';

/**
 * `Idempotency-Key` on billed POSTs (docs/access.md, "Idempotent retries"): a retry replays the
 * stored response and is charged once, whichever gateway it reaches; the same key with another
 * body is 422; a request that fails before its charge frees its key, one that fails after it
 * (or loses the charge's answer) keeps it and is never charged again.
 */
describe('billing: Idempotency-Key', () => {
  let h: HttpHarness;
  let env: TestEnvironment;
  let inject: Inject;
  let second: NestFastifyApplication;
  let injectSecond: Inject;
  /** A third gateway whose Postgres connections pass through a proxy that can lose an answer. */
  let cut: { app: NestFastifyApplication; cutter: PostgresCutter; inject: Inject } | undefined;

  beforeAll(async () => {
    h = await gatewayHarness({ variables: { REDIS_URL: '' }, controllers: PROBE_CONTROLLERS });
    ({ env, request: inject } = h);
    // A second gateway on the same Postgres: keys must be shared, not per process.
    second = await bootGateway(env.config, PROBE_CONTROLLERS);
    injectSecond = injector(second);
  });

  afterAll(async () => {
    await cut?.app.close();
    await cut?.cutter.close();
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

  it('keeps the key of a request whose charge committed but whose answer was lost: a retry is not charged again', async () => {
    const cutter = await postgresCutter(env.config.database.url);
    const app = await bootGateway(
      { ...env.config, database: { ...env.config.database, url: cutter.url } },
      PROBE_CONTROLLERS,
    );
    cut = { app, cutter, inject: injector(app) };
    const team = await seedTeam(env.db.dataSource, { credits: 10 });
    const runs = handlerRuns.billed;
    // The charge statement commits; its connection drops before the gateway hears: a 503.
    const lost = cutter.cutAnswerTo(CHARGE.name, 10_000);
    const first = await billed(team.key, 'lost-answer', { matches: 3 }, cut.inject);
    await lost;
    expectErrorResponse(first, 503, 'service_unavailable');
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(7);

    for (const via of [cut.inject, inject]) {
      const retry = await billed(team.key, 'lost-answer', { matches: 3 }, via);
      const body = expectErrorResponse(retry, 409, 'conflict');
      expect(body.details).toMatchObject({ header: 'Idempotency-Key', charged: true });
      expect(retry.headers['retry-after']).toBeUndefined();
      const [charge] = await h.sql<{ charge_id: string }>(
        `SELECT charge_id FROM credit_ledger WHERE team_id = $1 AND reason = 'match'`,
        [team.id],
      );
      expect((body.details as { charge_id: string }).charge_id).toBe(charge.charge_id);
    }
    expect(handlerRuns.billed).toBe(runs + 1);
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(7);
    expect(await usageCount(team.id)).toBe(1);
    // A new key runs the request again, and charges it again: the caller's choice.
    expect((await billed(team.key, 'lost-answer-2', { matches: 3 }, cut.inject)).statusCode).toBe(200);
    expect(await balanceOf(env.db.dataSource, team.id)).toBe(4);
  });

  it('never takes over a charged key whose gateway died, only one that was not charged', async () => {
    const db = env.db.dataSource;
    const team = await seedTeam(db, { credits: 10 });
    const call = { apiKeyId: team.keyId, endpoint: '/probe/billed', requestId: 'r', matches: 2 };
    // Two first requests that claimed their key and died: one after its charge, one before.
    expect(await claimIdempotencyKey(db, team.id, 'charged', 'f')).toEqual({ kind: 'claimed' });
    expect(await claimIdempotencyKey(db, team.id, 'uncharged', 'f')).toEqual({ kind: 'claimed' });
    const chargeId = randomUUID();
    expect(await chargeCalls(db, team.id, [{ ...call, chargeId, idempotencyKey: 'charged' }])).toMatchObject({
      charged: true,
      balance: 8,
    });
    expect(await claimIdempotencyKey(db, team.id, 'charged', 'f')).toEqual({ kind: 'in_flight' });
    // Their lease runs out.
    await h.sql(
      `UPDATE idempotency_keys SET created_at = now() - make_interval(secs => $2) WHERE team_id = $1`,
      [team.id, IDEMPOTENCY_LEASE_SECONDS + 1],
    );
    expect(await claimIdempotencyKey(db, team.id, 'charged', 'f')).toEqual({
      kind: 'charged_without_answer',
      chargeId,
    });
    expect(await claimIdempotencyKey(db, team.id, 'uncharged', 'f')).toEqual({ kind: 'claimed' });
    // A call without matches charged nothing: its key is not marked and stays free to retry.
    expect(await claimIdempotencyKey(db, team.id, 'free', 'f')).toEqual({ kind: 'claimed' });
    await chargeCalls(db, team.id, [{ ...call, matches: 0, chargeId: randomUUID(), idempotencyKey: 'free' }]);
    const [free] = await h.sql<{ charge_id: string | null }>(
      `SELECT charge_id FROM idempotency_keys WHERE team_id = $1 AND key = 'free'`,
      [team.id],
    );
    expect(free.charge_id).toBeNull();
    expect(await balanceOf(db, team.id)).toBe(8);
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
