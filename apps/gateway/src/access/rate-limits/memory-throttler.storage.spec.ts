import { MemoryThrottlerStorage, windowRecord } from './memory-throttler.storage';

describe('MemoryThrottlerStorage', () => {
  let now = 0;
  let storage: MemoryThrottlerStorage;
  beforeEach(() => {
    now = 10_000;
    storage = new MemoryThrottlerStorage(() => now);
  });
  afterEach(() => storage.onApplicationShutdown());

  it('counts a fixed window from the first hit and blocks past the limit until it ends', async () => {
    expect(await storage.increment('k', 60_000, 2)).toEqual({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    now += 30_500;
    expect((await storage.increment('k', 60_000, 2)).isBlocked).toBe(false);
    expect(await storage.increment('k', 60_000, 2)).toEqual({
      totalHits: 3,
      timeToExpire: 30,
      isBlocked: true,
      timeToBlockExpire: 30,
    });
    now += 29_500;
    expect(await storage.increment('k', 60_000, 2)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps keys apart and sweeps ended windows', async () => {
    await storage.increment('a', 1000, 5);
    await storage.increment('b', 5000, 5);
    expect(storage.size).toBe(2);
    now += 1000;
    storage.sweep();
    expect(storage.size).toBe(1);
  });
});

describe('windowRecord', () => {
  it('rounds the seconds left up, never below one, so Retry-After is never early', () => {
    expect(windowRecord(3, 1, 2)).toEqual({
      totalHits: 3,
      timeToExpire: 1,
      isBlocked: true,
      timeToBlockExpire: 1,
    });
    expect(windowRecord(1, 59_001, 2).timeToExpire).toBe(60);
  });
});
