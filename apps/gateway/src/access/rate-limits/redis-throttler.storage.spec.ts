import { Logger } from '@nestjs/common';
import { RedisThrottlerStorage } from './redis-throttler.storage';

describe('RedisThrottlerStorage', () => {
  it('lets requests through when Redis cannot be reached (fail open), warning once', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    // Never connected (no onModuleInit) and no offline queue: every command fails at once.
    const storage = new RedisThrottlerStorage('redis://127.0.0.1:1', 'test:');
    try {
      for (let i = 0; i < 3; i++) {
        expect(await storage.increment('k', 60_000, 1)).toEqual({
          totalHits: 0,
          timeToExpire: 60,
          isBlocked: false,
          timeToBlockExpire: 0,
        });
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('rate limit not enforced');
    } finally {
      await storage.onApplicationShutdown();
      warn.mockRestore();
    }
  });
});
