import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RedisThrottlerStorage } from '../../apps/gateway/src/access/rate-limits/redis-throttler.storage';
import { elapsed, ownRedis } from './servers';

/**
 * A Redis that accepts commands and never answers (here: our own redis-server under CLIENT
 * PAUSE) must not hold guarded requests: every increment, including those queued behind the
 * coalescer's in-flight batch, fails open within a bound.
 */
describe('faults: Redis that never answers', () => {
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let storage: RedisThrottlerStorage;
  let admin: Redis;

  beforeAll(async () => {
    redis = await ownRedis(6391);
    storage = new RedisThrottlerStorage(redis.url, 'faults:');
    await storage.onModuleInit();
    admin = new Redis(redis.url);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterAll(async () => {
    await storage?.onApplicationShutdown();
    admin?.disconnect();
    await redis?.stop();
  });

  it('counts while Redis answers', async () => {
    expect((await storage.increment('k', 60_000, 5)).totalHits).toBe(1);
  });

  it('fails open within a second when Redis stops answering, for every queued request', async () => {
    await admin.call('CLIENT', 'PAUSE', '4000', 'ALL');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => elapsed(() => storage.increment('k', 60_000, 5))),
    );
    for (const r of results) {
      expect(r.error).toBeUndefined();
      expect(r.value).toMatchObject({ totalHits: 0, isBlocked: false });
      expect(r.ms).toBeLessThan(1000);
    }
  });
});
