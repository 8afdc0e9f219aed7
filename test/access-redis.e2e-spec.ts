import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import {
  deleteRedisKeys,
  expectErrorResponse,
  HttpHarness,
  injector,
  seedTeam,
  SeededTeam,
  TestEnvironment,
} from '@app/testing';
import { PROBE_CONTROLLERS } from './access/probe.controllers';
import { bootGateway, gatewayHarness } from './gateway';

// The stack script starts Redis only when REDIS_URL is set; the local default is where it runs.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const LIMIT = 4;

/** Two gateways on one Redis enforce one limit per key and endpoint. */
describe('access: rate limits shared through Redis', () => {
  let h: HttpHarness;
  let env: TestEnvironment;
  let gateways: NestFastifyApplication[] = [];
  let team: SeededTeam;
  let prefix: string;

  const post = (gateway: number, url: string) =>
    injector(gateways[gateway])({ method: 'POST', url, payload: {}, headers: { 'api-key': team.key } });

  beforeAll(async () => {
    h = await gatewayHarness({
      variables: { REDIS_URL, RATE_LIMIT_DEFAULT_PER_MINUTE: String(LIMIT) },
      controllers: PROBE_CONTROLLERS,
    });
    ({ env, team } = h);
    prefix = env.config.access.rateLimits.keyPrefix;
    gateways = [h.app, await bootGateway(env.config, PROBE_CONTROLLERS)];
  });

  afterAll(async () => {
    await gateways[1]?.close();
    await h?.close();
    if (prefix) await deleteRedisKeys(REDIS_URL, prefix);
  });

  it('keeps its counters under a prefix of its own', () => {
    expect(prefix).toBe(`${env.config.nats.subjectPrefix}:ratelimit:`);
  });

  it('counts requests to either gateway into one window', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const res = await post(i % 2, '/probe/free');
      expect(res.statusCode).toBe(200);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    for (const gateway of [0, 1]) {
      const res = await post(gateway, '/probe/free');
      const body = expectErrorResponse(res, 429, 'rate_limited');
      expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(body.details.retry_after_seconds).toBe(Number(res.headers['retry-after']));
    }
    // Another endpoint of the same key has its own window.
    expect((await post(1, '/probe/hash')).headers['x-ratelimit-remaining']).toBe('99');
  });

  it('counts concurrent requests (grouped into one Redis call) once each, answering each its own count', async () => {
    const other = await seedTeam(env.db.dataSource);
    const send = (gateway: number, url: string) =>
      injector(gateways[gateway])({ method: 'POST', url, payload: {}, headers: { 'api-key': other.key } });
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => send(i % 2, '/probe/free').then((r) => ['free', r] as const)),
      ...Array.from({ length: 10 }, (_, i) => send(i % 2, '/probe/hash').then((r) => ['hash', r] as const)),
    ]);
    const free = responses.filter(([url]) => url === 'free').map(([, r]) => r);
    const hash = responses.filter(([url]) => url === 'hash').map(([, r]) => r);
    const served = free.filter((r) => r.statusCode === 200);
    expect(served.map((r) => r.headers['x-ratelimit-remaining']).sort()).toEqual(['0', '1', '2', '3']);
    for (const r of free.filter((x) => x.statusCode !== 200)) expectErrorResponse(r, 429, 'rate_limited');
    expect(hash.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(hash.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => 90 + i),
    );
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.get(`${prefix}${other.keyId}:/probe/free`)).toBe('10');
      expect(await redis.get(`${prefix}${other.keyId}:/probe/hash`)).toBe('10');
    } finally {
      redis.disconnect();
    }
  });

  it('stores one expiring counter per key and endpoint', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const key = `${prefix}${team.keyId}:/probe/free`;
      expect(await redis.get(key)).toBe(String(LIMIT + 2));
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60000);
    } finally {
      redis.disconnect();
    }
  });
});
