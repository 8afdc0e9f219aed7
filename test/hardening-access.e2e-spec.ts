import { Body, Controller, Module, Post } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsObject, IsOptional } from 'class-validator';
import { loadConfig } from '@app/config';
import { createHttpApp } from '@app/server';
import { generateApiKey, hashApiKey } from '@app/store';
import { expectErrorResponse, HttpHarness, seedKey, seedTeam } from '@app/testing';
import { FAILED_AUTH_PER_MINUTE } from '../apps/gateway/src/access/services/failed-auth-limiter';
import { ApiKeyService, MAX_CACHED_KEYS } from '../apps/gateway/src/access/services/api-key.service';
import { PROBE_CONTROLLERS } from './access/probe.controllers';
import { bootGateway, gatewayHarness } from './gateway';

class NestedDto {
  @IsOptional()
  @IsObject()
  filters?: Record<string, unknown>;
}

@Controller('probe')
class ProbeController {
  @Post()
  echo(@Body() body: NestedDto) {
    return { ok: Object.keys(body).length };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/** Hardening of the shared HTTP bootstrap: bodies that would crash a parser or a validator. */
describe('deeply nested JSON bodies', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createHttpApp(ProbeModule, loadConfig({ LOG_LEVEL: 'silent' }), 'probe');
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  const post = (payload: string) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/probe',
        headers: { 'content-type': 'application/json' },
        payload,
      });

  it.each([
    ['objects', (n: number) => '{"filters":'.repeat(n) + '1' + '}'.repeat(n)],
    ['arrays', (n: number) => '{"filters":' + '['.repeat(n) + ']'.repeat(n) + '}'],
  ])('answers 10 000 nested %s with 400 invalid_request, not 500', async (_kind, make) => {
    const res = await post(make(10_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_request',
      details: { max_depth: expect.any(Number) },
    });
  });

  it('still accepts ordinary nesting', async () => {
    const res = await post('{"filters":' + '{"a":'.repeat(20) + '1' + '}'.repeat(20) + '}');
    expect(res.statusCode).toBe(201);
  });
});

/** The gateway's access chain before a key is known: what bad or missing keys may cost. */
describe('access before the key is known', () => {
  const DEFAULT_LIMIT = 5;
  let h: HttpHarness;

  beforeAll(async () => {
    h = await gatewayHarness({
      variables: {
        REDIS_URL: '',
        RATE_LIMIT_DEFAULT_PER_MINUTE: String(DEFAULT_LIMIT),
        // Long enough for the flood below to run inside one TTL.
        API_KEY_CACHE_TTL_MS: '60000',
      },
      controllers: PROBE_CONTROLLERS,
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  const send = (key: string | undefined, payload: string, remoteAddress = '127.0.0.1') =>
    h.request({
      method: 'POST',
      url: '/probe/billed',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'api-key': key }) },
      payload,
    });

  it('refuses a missing or malformed key before reading the body', async () => {
    // The body is broken JSON: were it parsed first, the answer would be 400 invalid_request.
    const body = expectErrorResponse(await send(undefined, '{"matches": '), 401, 'unauthorized');
    expect(body.details).toEqual({ header: 'API-Key' });
    expectErrorResponse(await send('svc_not-a-key', '{"matches": '), 401, 'unauthorized');
    // A well-formed key still gets its body parsed (and judged) as before.
    expectErrorResponse(await send(h.team.key, '{"matches": '), 400, 'invalid_request');
  });

  const hashFrom = (app: NestFastifyApplication, key: string, remoteAddress: string) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/utility/hash/email',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'api-key': key },
        payload: JSON.stringify({ email: 'jane@example.com' }),
      });
  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (n, r) => ({ ...n, [r.statusCode]: (n[r.statusCode] ?? 0) + 1 }),
      {},
    );

  it('limits refused keys per client address, and then refuses only keys not known to be good', async () => {
    const address = '127.0.0.77';
    const flood = [];
    for (let i = 0; i < FAILED_AUTH_PER_MINUTE + 20; i++) {
      // Half malformed (refused before the body), half well-formed but unknown (refused by Postgres).
      flood.push(await send(i % 2 ? 'svc_garbage' : generateApiKey().apiKey, '{}', address));
    }
    expect(statuses(flood)).toEqual({ 401: FAILED_AUTH_PER_MINUTE, 429: 20 });
    for (const bad of [generateApiKey().apiKey, 'svc_garbage']) {
      const res = await send(bad, '{}', address);
      const body = expectErrorResponse(res, 429, 'rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(body.details).toMatchObject({ limit: FAILED_AUTH_PER_MINUTE, window_seconds: 60 });
    }
    // A valid key from the same address (a tenant behind the same NAT) is still served.
    const valid = [];
    for (let i = 0; i < 15; i++) valid.push(await hashFrom(h.app, h.team.key, address));
    expect(statuses(valid)).toEqual({ 200: 15 });
    // Other addresses are not affected, and a missing key never counts.
    expect((await send(h.team.key, '{}', '127.0.0.78')).statusCode).toBe(200);
    for (let i = 0; i < FAILED_AUTH_PER_MINUTE + 5; i++) await send(undefined, '{}', '127.0.0.79');
    expect((await send(h.team.key, '{}', '127.0.0.79')).statusCode).toBe(200);
  });

  it('lets no more unknown keys reach Postgres than the limit, even sent at once', async () => {
    const sent = await Promise.all(
      Array.from({ length: FAILED_AUTH_PER_MINUTE + 50 }, () =>
        send(generateApiKey().apiKey, '{}', '127.0.0.80'),
      ),
    );
    expect(statuses(sent)).toEqual({ 401: FAILED_AUTH_PER_MINUTE, 429: 50 });
  });

  it("counts a new key's first burst of concurrent requests as one lookup, not one per request", async () => {
    const address = '127.0.0.84';
    const fresh = await seedKey(h.env.db.dataSource, h.team.id);
    expect(h.app.get(ApiKeyService).isKnown(fresh.key)).toBe(false);
    // Twice the failed-key limit at once: they share one Postgres lookup (the key cache's), so the
    // address is charged one admission, refunded when the key proves valid. The 429s are the key's
    // own hash_email limit (100 a minute), never the failed-key limit of its address.
    const burst = await Promise.all(
      Array.from({ length: 2 * FAILED_AUTH_PER_MINUTE }, () => hashFrom(h.app, fresh.key, address)),
    );
    expect(statuses(burst)).toEqual({ 200: 100, 429: 2 * FAILED_AUTH_PER_MINUTE - 100 });
    const refusedAsBadKey = burst.filter((r) => /invalid API key/.test(r.json().message ?? ''));
    expect(refusedAsBadKey).toHaveLength(0);
    // The whole limit is still there for the address's next unknown keys.
    for (let i = 0; i < FAILED_AUTH_PER_MINUTE; i++)
      expect((await send(generateApiKey().apiKey, '{}', address)).statusCode).toBe(401);
    expectErrorResponse(await send(generateApiKey().apiKey, '{}', address), 429, 'rate_limited');
  });

  it('knows every unrevoked key from boot, and keys created since from its next refresh', async () => {
    const address = '127.0.0.81';
    const unseen = await seedKey(h.env.db.dataSource, h.team.id);
    // A fresh gateway process: it has never been sent `unseen`.
    const fresh = await bootGateway(h.env.config);
    try {
      for (let i = 0; i < FAILED_AUTH_PER_MINUTE; i++)
        expect((await hashFrom(fresh, generateApiKey().apiKey, address)).statusCode).toBe(401);
      expectErrorResponse(await hashFrom(fresh, generateApiKey().apiKey, address), 429, 'rate_limited');
      expect((await hashFrom(fresh, unseen.key, address)).statusCode).toBe(200);
      // Created after its last look at Postgres: refused from the flooded address until the next
      // one (KNOWN_KEYS_REFRESH_MS), served from any other address meanwhile.
      const created = await seedKey(h.env.db.dataSource, h.team.id);
      expectErrorResponse(await hashFrom(fresh, created.key, address), 429, 'rate_limited');
      await fresh.get(ApiKeyService).refreshKnownKeys();
      expect((await hashFrom(fresh, created.key, address)).statusCode).toBe(200);
      // An address under the limit may still have a valid key looked up, and it is not counted.
      const other = '127.0.0.83';
      const newer = await seedKey(h.env.db.dataSource, h.team.id);
      expect(fresh.get(ApiKeyService).isKnown(newer.key)).toBe(false);
      for (let i = 0; i < FAILED_AUTH_PER_MINUTE - 1; i++)
        expect((await hashFrom(fresh, generateApiKey().apiKey, other)).statusCode).toBe(401);
      expect((await hashFrom(fresh, newer.key, other)).statusCode).toBe(200);
      expect((await hashFrom(fresh, generateApiKey().apiKey, other)).statusCode).toBe(401);
      expectErrorResponse(await hashFrom(fresh, generateApiKey().apiKey, other), 429, 'rate_limited');
      // A known key that is then revoked is refused, and no longer passes the flooded address.
      await h.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [unseen.keyId]);
      fresh.get(ApiKeyService).evict([hashApiKey(unseen.key)]);
      expectErrorResponse(await hashFrom(fresh, unseen.key, address), 429, 'rate_limited');
      expectErrorResponse(await hashFrom(fresh, unseen.key, '127.0.0.82'), 401, 'unauthorized');
    } finally {
      await fresh.close();
    }
  });

  it('rate-limits a team without credits instead of answering 402 forever', async () => {
    const broke = await seedTeam(h.env.db.dataSource, { credits: 0 });
    for (let i = 0; i < DEFAULT_LIMIT; i++) {
      expectErrorResponse(await send(broke.key, '{}'), 402, 'insufficient_credits');
    }
    const res = await send(broke.key, '{}');
    expectErrorResponse(res, 429, 'rate_limited');
    expect(res.headers['x-ratelimit-limit']).toBe(String(DEFAULT_LIMIT));
  });

  it('never lets a flood of unknown keys evict a valid cached key', async () => {
    const keys = h.app.get(ApiKeyService);
    const good = await seedKey(h.env.db.dataSource, h.team.id);
    await keys.authenticate(good.key);
    const refused = async () => {
      await expect(keys.authenticate(generateApiKey().apiKey)).rejects.toMatchObject({
        code: 'unauthorized',
      });
    };
    for (let done = 0; done < MAX_CACHED_KEYS + 10; done += 50) {
      await Promise.all(Array.from({ length: 50 }, refused));
    }
    // Revoked in Postgres without a broadcast: only a still-cached entry can accept it now.
    await h.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [good.keyId]);
    await expect(keys.authenticate(good.key)).resolves.toMatchObject({ keyId: good.keyId });
  }, 60_000);
});
