import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { createOpenSearchClient } from '@app/search-index';
import {
  createTestEnvironment,
  deleteRedisKeys,
  expectErrorResponse,
  HttpHarness,
  TestEnvironment,
} from '@app/testing';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import {
  CountersUnavailable,
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_RETRY_AFTER_MS,
  RedisThrottlerStorage,
} from '../../apps/gateway/src/access/rate-limits/redis-throttler.storage';
import { gatewayHarness } from '../gateway';
import { elapsed, ownRedis } from './servers';

/** Longest a count may take once Redis stops answering: its bound, plus a loaded box's slack. */
const BOUND_MS = REDIS_COMMAND_TIMEOUT_MS + 500;

/**
 * A Redis that accepts commands and never answers (here: our own redis-server under CLIENT
 * PAUSE) must not hold guarded requests: every count, including those queued behind the
 * coalescer's in-flight batch, fails within a bound. The gateway then serves cheap routes
 * uncounted and refuses the costliest (search, discover, bulk, MCP) with a fast 503.
 */
describe('faults: Redis that never answers', () => {
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let admin: Redis;

  beforeAll(async () => {
    redis = await ownRedis(6391);
    admin = new Redis(redis.url);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  /** Pauses every client of our Redis for `ms`, then resolves once it answers again. */
  const pause = async (ms: number) => {
    await admin.call('CLIENT', 'PAUSE', String(ms), 'ALL');
    return async () => {
      const probe = new Redis(redis.url, { maxRetriesPerRequest: null });
      try {
        await probe.ping();
      } finally {
        probe.disconnect();
      }
    };
  };

  describe('the counters', () => {
    let storage: RedisThrottlerStorage;

    beforeAll(async () => {
      storage = new RedisThrottlerStorage(redis.url, 'faults:');
      await storage.onModuleInit();
    });

    afterAll(async () => {
      await storage?.onApplicationShutdown();
    });

    it('count while Redis answers', async () => {
      expect((await storage.increment('k', 60_000, 5)).totalHits).toBe(1);
    });

    it('fail within the bound when Redis stops answering, for every queued request', async () => {
      const resumed = await pause(4000);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => elapsed(() => storage.increment('k', 60_000, 5))),
      );
      for (const r of results) {
        expect(r.error).toBeInstanceOf(CountersUnavailable);
        expect(r.ms).toBeLessThan(BOUND_MS);
      }
      await resumed();
    });
  });

  describe('through the gateway', () => {
    let env: TestEnvironment;
    let h: HttpHarness;

    beforeAll(async () => {
      env = await createTestEnvironment({ REDIS_URL: redis.url });
      const os = createOpenSearchClient(env.config.opensearch);
      try {
        await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir: 'data/sandbox', sandbox: true });
      } finally {
        await os.close();
      }
      h = await gatewayHarness({ env, team: { credits: 100 } });
    });

    afterAll(async () => {
      await h?.close();
      if (!env) return;
      await env.cleanup();
      await deleteRedisKeys(redis.url, env.config.access.rateLimits.keyPrefix);
    });

    // Bodies the routes refuse at validation (after the guard), so no search worker is needed.
    const COSTLY: Array<[string, object]> = [
      ['/person/search', {}],
      ['/sandbox/company/search', {}],
      ['/person/discover', {}],
      ['/sandbox/person/discover', {}],
      ['/person/enrich/bulk', {}],
      ['/company/enrich/bulk', {}],
      ['/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }],
    ];
    const mcpHeaders = { accept: 'application/json, text/event-stream' };
    const send = (url: string, payload: object) =>
      h.request({
        method: 'POST',
        url,
        payload,
        headers: { 'api-key': h.team.key, ...(url === '/mcp' ? mcpHeaders : {}) },
      });
    const cheap = async () => {
      const enrich = await send('/sandbox/person/enrich', { email: 'Bram.Okonkwo.Vale+x@gmail.com' });
      expect(enrich.statusCode).toBe(200);
      expect(enrich.json().matches).toHaveLength(1);
      const hashed = await send('/utility/hash/email', { email: 'a@b.co' });
      expect(hashed.statusCode).toBe(200);
    };

    /** Counted by the limiter and let past it (the limiter's 503 comes before any X-RateLimit header). */
    const expectCounted = (res: Awaited<ReturnType<typeof send>>) => {
      expect(res.statusCode).not.toBe(503);
      expect(res.headers['x-ratelimit-remaining']).toBeDefined();
    };

    it('counts every route while Redis answers', async () => {
      for (const [url, payload] of COSTLY) expectCounted(await send(url, payload));
      await cheap();
    });

    it('refuses search, discover, bulk and MCP with a fast 503 and Retry-After; serves the others uncounted', async () => {
      const resumed = await pause(5000);
      for (const [url, payload] of COSTLY) {
        const { value: res, ms } = await elapsed(() => send(url, payload));
        const body = expectErrorResponse(res!, 503, 'service_unavailable');
        expect(body.details).toEqual({ endpoint: url, retry_after_seconds: 1 });
        expect(res!.headers['retry-after']).toBe('1');
        expect(ms).toBeLessThan(BOUND_MS);
      }
      await cheap();
      await resumed();
      // Once Redis answers again, and the pause after the last failure has passed, they are counted.
      await new Promise((resolve) => setTimeout(resolve, REDIS_RETRY_AFTER_MS));
      for (const [url, payload] of COSTLY) expectCounted(await send(url, payload));
    });
  });
});
