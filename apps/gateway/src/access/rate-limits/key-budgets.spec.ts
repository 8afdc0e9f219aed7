import type { ThrottlerStorage } from '@nestjs/throttler';
import { type AppConfig, loadConfig } from '@app/config';
import { KeyBudgets } from './key-budgets';
import { MemoryThrottlerStorage, windowRecord } from './memory-throttler.storage';

describe('KeyBudgets', () => {
  const config: AppConfig = loadConfig({ RATE_LIMIT_DISCOVER_MODEL_PER_MINUTE: '2' });

  it('gives each key its own tokens for the window, then refuses', async () => {
    const storage = new MemoryThrottlerStorage();
    const budgets = new KeyBudgets(storage, config);
    try {
      const taken = await Promise.all([1, 1, 1, 2].map((key) => budgets.take('discover_model', key)));
      expect(taken).toEqual([true, true, false, true]);
      // Its own counter: the key's routes keep theirs.
      expect((await storage.increment('1:/person/discover', 60_000, 60)).totalHits).toBe(1);
    } finally {
      storage.onApplicationShutdown();
    }
  });

  it('stays shut when the storage cannot count (it answers 0 hits, or throws)', async () => {
    const uncounted = { increment: async () => windowRecord(0, 60_000, 2) } as unknown as ThrottlerStorage;
    const failing = {
      increment: async () => Promise.reject(new Error('redis: no answer')),
    } as unknown as ThrottlerStorage;
    expect(await new KeyBudgets(uncounted, config).take('discover_model', 1)).toBe(false);
    expect(await new KeyBudgets(failing, config).take('discover_model', 1)).toBe(false);
  });
});
