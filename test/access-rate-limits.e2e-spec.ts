import type { LightMyRequestResponse } from 'fastify';
import { expectErrorResponse, HttpHarness, Inject, seedKey, SeededTeam, TestEnvironment } from '@app/testing';
import { PROBE_CONTROLLERS } from './access/probe.controllers';
import { gatewayHarness } from './gateway';

const DEFAULT_LIMIT = 5;

function expectLimited(res: LightMyRequestResponse, limit: number, endpoint: string) {
  const body = expectErrorResponse(res, 429, 'rate_limited');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(res.headers['x-ratelimit-reset']).toBe(String(retryAfter));
  expect(body.details).toEqual({ endpoint, limit, window_seconds: 60, retry_after_seconds: retryAfter });
  expect(body.message).toContain(endpoint);
}

/** Per key and endpoint limits with the in-process counters (no REDIS_URL). */
describe('access: rate limits (in memory)', () => {
  let h: HttpHarness;
  let env: TestEnvironment;
  let inject: Inject;
  let team: SeededTeam;

  const post = (url: string, key: string) =>
    inject({ method: 'POST', url, payload: {}, headers: { 'api-key': key } });

  /** `limit` calls succeed with counting-down headers, the next one is a 429. */
  async function exhaust(url: string, key: string, limit: number): Promise<LightMyRequestResponse> {
    for (let i = 1; i <= limit; i++) {
      const res = await post(url, key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(limit - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    return post(url, key);
  }

  beforeAll(async () => {
    h = await gatewayHarness({
      variables: { REDIS_URL: '', RATE_LIMIT_DEFAULT_PER_MINUTE: String(DEFAULT_LIMIT) },
      controllers: PROBE_CONTROLLERS,
    });
    ({ env, request: inject, team } = h);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('limits hash email to 100 per minute', async () => {
    expectLimited(await exhaust('/probe/hash', team.key, 100), 100, '/probe/hash');
  });

  it('limits reports to 50 per minute', async () => {
    expectLimited(await exhaust('/probe/report', team.key, 50), 50, '/probe/report');
  });

  it('applies the configured default to every other endpoint, sandbox included', async () => {
    expectLimited(await exhaust('/probe/free', team.key, DEFAULT_LIMIT), DEFAULT_LIMIT, '/probe/free');
    expectLimited(await exhaust('/sandbox/probe', team.key, DEFAULT_LIMIT), DEFAULT_LIMIT, '/sandbox/probe');
  });

  it('counts per key and per endpoint', async () => {
    const other = await seedKey(env.db.dataSource, team.id);
    const limited = await post('/probe/free', team.key);
    expect(limited.statusCode).toBe(429);
    expect((await post('/probe/free', other.key)).statusCode).toBe(200);
    expect((await post('/probe/enterprise', team.key)).statusCode).toBe(403); // a different endpoint: not throttled
    const fresh = await post('/probe/billed', team.key);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe(String(DEFAULT_LIMIT - 1));
  });

  it('authenticates before throttling', async () => {
    expectErrorResponse(
      await inject({ method: 'POST', url: '/probe/free', payload: {} }),
      401,
      'unauthorized',
    );
  });
});
