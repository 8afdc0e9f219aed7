import { Logger } from '@nestjs/common';
import {
  CountersUnavailable,
  RedisThrottlerStorage,
} from '../../apps/gateway/src/access/rate-limits/redis-throttler.storage';

/** A Redis that refuses connections (redis-unresponsive covers one that accepts and never answers). */
describe('faults: Redis that cannot be reached', () => {
  it('reports counts it cannot make when Redis cannot be reached, warning once', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    // Never connected (no onModuleInit) and no offline queue: every command fails at once.
    const storage = new RedisThrottlerStorage('redis://127.0.0.1:1', 'test:');
    try {
      for (let i = 0; i < 3; i++) {
        // Not a record of 0 hits: the guard decides per route whether to serve uncounted.
        await expect(storage.increment('k', 60_000, 1)).rejects.toBeInstanceOf(CountersUnavailable);
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('rate limits not counted');
    } finally {
      await storage.onApplicationShutdown();
      warn.mockRestore();
    }
  });
});
