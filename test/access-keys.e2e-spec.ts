import { generateApiKey, revokeApiKey } from '@app/store';
import {
  expectErrorResponse,
  HttpHarness,
  Inject,
  seedAgentKey,
  seedKey,
  seedTeam,
  SeededTeam,
  TestEnvironment,
} from '@app/testing';
import { PROBE_CONTROLLERS } from './access/probe.controllers';
import { gatewayHarness } from './gateway';

const CACHE_TTL_MS = 800;

/** API keys, endpoint scopes and tiers through the real gateway's global guard. */
describe('access: keys, scopes and tiers', () => {
  let h: HttpHarness;
  let env: TestEnvironment;
  let inject: Inject;
  let standard: SeededTeam;
  let enterprise: SeededTeam;

  const post = (url: string, key?: string, payload: object = {}) =>
    inject({ method: 'POST', url, payload, headers: key === undefined ? {} : { 'api-key': key } });

  beforeAll(async () => {
    h = await gatewayHarness({
      variables: { REDIS_URL: '', API_KEY_CACHE_TTL_MS: String(CACHE_TTL_MS) },
      controllers: PROBE_CONTROLLERS,
      team: { tier: 'standard' },
    });
    ({ env, request: inject, team: standard } = h);
    enterprise = await seedTeam(env.db.dataSource, { tier: 'enterprise' });
  });

  afterAll(async () => {
    await h?.close();
  });

  describe('401 unauthorized', () => {
    it('answers a missing API-Key header', async () => {
      const body = expectErrorResponse(await post('/probe/free'), 401, 'unauthorized');
      expect(body.message).toContain('API-Key');
      expectErrorResponse(await post('/probe/free', ''), 401, 'unauthorized');
    });

    it('answers a malformed key without echoing it', async () => {
      const res = await post('/probe/free', 'not-a-key-but-a-secret-looking-thing');
      expectErrorResponse(res, 401, 'unauthorized');
      expect(res.body).not.toContain('secret-looking');
    });

    it('answers a well-formed key that does not exist', async () => {
      const res = await post('/probe/free', generateApiKey().apiKey);
      expectErrorResponse(res, 401, 'unauthorized');
    });

    it('answers a revoked key', async () => {
      const { key, keyId } = await seedKey(env.db.dataSource, standard.id);
      await revokeApiKey(env.db.dataSource, { id: keyId });
      expectErrorResponse(await post('/probe/free', key), 401, 'unauthorized');
    });

    it('stops honouring a key revoked while cached within API_KEY_CACHE_TTL_MS', async () => {
      const { key, keyId } = await seedKey(env.db.dataSource, standard.id);
      expect((await post('/probe/free', key)).statusCode).toBe(200);
      await revokeApiKey(env.db.dataSource, { id: keyId });
      await new Promise((r) => setTimeout(r, CACHE_TTL_MS + 100));
      expectErrorResponse(await post('/probe/free', key), 401, 'unauthorized');
    });

    it('leaves unknown paths a 404 whether or not a key is sent', async () => {
      const res = await post('/probe/nothing-here');
      expectErrorResponse(res, 404, 'not_found');
    });
  });

  describe('public routes', () => {
    it('serves @Public() routes, the OpenAPI document and the docs without a key', async () => {
      expect((await inject({ method: 'GET', url: '/probe/public' })).statusCode).toBe(200);
      expect((await inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
      expect((await inject({ method: 'GET', url: '/docs' })).statusCode).toBe(200);
      // /health answers 200 or 503 depending on the search worker, never 401.
      expect([200, 503]).toContain((await inject({ method: 'GET', url: '/health' })).statusCode);
    });

    it("documents the API-Key scheme on guarded operations only, with each route's policy", async () => {
      const doc = (await inject({ method: 'GET', url: '/openapi.json' })).json();
      const billed = doc.paths['/probe/billed'].post;
      expect(billed.security).toEqual([{ 'API-Key': [] }]);
      // 422: the global ValidationPipe checks its body DTO, documented for every such route; 409:
      // a billed POST's Idempotency-Key still in flight.
      expect(Object.keys(billed.responses).sort()).toEqual(['200', '401', '402', '403', '409', '422', '429']);
      expect(billed.responses['402'].description).toMatch(
        /^`insufficient_credits` .*, `contract_expired`, or `key_cap_reached` /,
      );
      expect(Object.keys(billed.responses['200'].headers)).toEqual(
        expect.arrayContaining(['X-Credits-Charged', 'X-Credits-Remaining', 'X-RateLimit-Limit']),
      );
      // Billed in the code, free by its path: nothing about credits is promised.
      const sandbox = doc.paths['/sandbox/probe'].post;
      expect(Object.keys(sandbox.responses).sort()).toEqual(['200', '401', '403', '422', '429']);
      expect(Object.keys(sandbox.responses['200'].headers)).not.toContain('X-Credits-Charged');
      expect(doc.paths['/probe/enterprise'].post.responses['403'].description).toBe(
        '`forbidden`: this key is limited to other endpoints.\n\n' +
          '`feature_not_available`: enterprise-tier teams only.',
      );
      expect(doc.paths['/probe/search'].post.responses['403'].description).toContain(
        '`feature_not_available`: agent keys need an enterprise-tier team.',
      );
      expect(doc.paths['/probe/free'].post.responses['403'].description).toBe(
        '`forbidden`: this key is limited to other endpoints.',
      );
      // @Public() in an @ApiKeyAuth() controller: no key (an empty requirement), so none of the key's answers either.
      expect(doc.paths['/probe/public'].get.security).toEqual([]);
      expect(Object.keys(doc.paths['/probe/public'].get.responses)).toEqual(['200']);
      expect(doc.paths['/health'].get.security).toEqual([]);
    });
  });

  describe('last_used_at', () => {
    const lastUsed = async (keyId: number): Promise<Date | null> => {
      const [row] = await env.db.dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [keyId]);
      return row.last_used_at;
    };
    const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
      for (let i = 0; i < 50; i++) {
        const v = await read();
        if (ok(v)) return v;
        await new Promise((r) => setTimeout(r, 20));
      }
      return read();
    };

    it('is set on first use and not rewritten on every request', async () => {
      const { key, keyId } = await seedKey(env.db.dataSource, standard.id);
      expect(await lastUsed(keyId)).toBeNull();
      await post('/probe/free', key);
      const first = await until(
        () => lastUsed(keyId),
        (v) => v !== null,
      );
      expect(first).toBeInstanceOf(Date);
      for (let i = 0; i < 5; i++) await post('/probe/free', key);
      await new Promise((r) => setTimeout(r, 100));
      expect(await lastUsed(keyId)).toEqual(first);
    });
  });

  describe('403 endpoint scopes', () => {
    it('lets a limited key call its endpoints and names any other endpoint', async () => {
      const { key } = await seedKey(env.db.dataSource, standard.id, ['/probe/free', '/probe/hash']);
      expect((await post('/probe/free', key)).statusCode).toBe(200);
      expect((await post('/probe/hash', key)).statusCode).toBe(200);
      const body = expectErrorResponse(await post('/probe/billed', key), 403, 'forbidden');
      expect(body.message).toContain('/probe/billed');
      expect(body.details).toEqual({
        endpoint: '/probe/billed',
        allowed_endpoints: ['/probe/free', '/probe/hash'],
      });
    });

    it('requires sandbox endpoints to be listed on a limited key', async () => {
      const { key } = await seedKey(env.db.dataSource, standard.id, ['/probe/billed']);
      const body = expectErrorResponse(await post('/sandbox/probe', key), 403, 'forbidden');
      expect(body.details.endpoint).toBe('/sandbox/probe');
      const sandboxKey = await seedKey(env.db.dataSource, standard.id, ['/sandbox/probe']);
      expect((await post('/sandbox/probe', sandboxKey.key)).statusCode).toBe(200);
      expectErrorResponse(await post('/probe/billed', sandboxKey.key), 403, 'forbidden');
    });

    it('lets an unlimited key call everything, sandbox included', async () => {
      for (const url of ['/probe/free', '/probe/billed', '/probe/hash', '/sandbox/probe']) {
        expect((await post(url, standard.key)).statusCode).toBe(200);
      }
    });

    it('checks the key before the scope', async () => {
      expectErrorResponse(await post('/probe/billed', generateApiKey().apiKey), 401, 'unauthorized');
    });
  });

  describe('403 tiers', () => {
    it('refuses an @Enterprise() route to a standard team', async () => {
      const body = expectErrorResponse(
        await post('/probe/enterprise', standard.key),
        403,
        'feature_not_available',
      );
      expect(body.details).toEqual({ feature: '/probe/enterprise', tier: 'standard' });
      expect((await post('/probe/enterprise', enterprise.key)).statusCode).toBe(200);
    });

    it('lets a handler require the enterprise tier for multiple_results, charging nothing', async () => {
      const [{ before }] = await env.db.dataSource.query(
        `SELECT credits_balance::int AS before FROM teams WHERE id = $1`,
        [standard.id],
      );
      const res = await post('/probe/billed', standard.key, { matches: 2, multiple_results: true });
      const body = expectErrorResponse(res, 403, 'feature_not_available');
      expect(body.details).toEqual({ feature: 'multiple_results', tier: 'standard' });
      const [{ after }] = await env.db.dataSource.query(
        `SELECT credits_balance::int AS after FROM teams WHERE id = $1`,
        [standard.id],
      );
      expect(after).toBe(before);
      const ok = await post('/probe/billed', enterprise.key, { matches: 2, multiple_results: true });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-credits-charged']).toBe('2');
    });

    it('lets agent keys search only on enterprise teams; standard keys are not affected', async () => {
      const agentOnStandard = await seedAgentKey(env.db.dataSource, standard.id);
      const body = expectErrorResponse(
        await post('/probe/search', agentOnStandard.key),
        403,
        'feature_not_available',
      );
      expect(body.details.tier).toBe('standard');
      expect((await post('/probe/billed', agentOnStandard.key)).statusCode).toBe(200);
      expect((await post('/probe/search', standard.key)).statusCode).toBe(200);
      const agentOnEnterprise = await seedAgentKey(env.db.dataSource, enterprise.id);
      expect((await post('/probe/search', agentOnEnterprise.key)).statusCode).toBe(200);
    });
  });
});
