import { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Window {
  hits: number;
  resetAt: number;
}

/**
 * One process's counters (no REDIS_URL): a fixed window per key that starts with its first hit,
 * the same semantics as the Redis storage so limits and headers read alike in both modes.
 * Expired windows are swept once a minute so idle keys do not accumulate.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    return hit(this.windows, key, ttl, limit, this.now());
  }

  sweep(now = this.now()): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }
}

function hit(windows: Map<string, Window>, key: string, ttl: number, limit: number, now: number) {
  let window = windows.get(key);
  if (!window || window.resetAt <= now) windows.set(key, (window = { hits: 0, resetAt: now + ttl }));
  window.hits++;
  return windowRecord(window.hits, window.resetAt - now, limit);
}

/** The throttler's view of a window: seconds are rounded up so Retry-After is never early. */
export function windowRecord(hits: number, msLeft: number, limit: number): ThrottlerStorageRecord {
  const secondsLeft = Math.max(1, Math.ceil(msLeft / 1000));
  const isBlocked = hits > limit;
  return {
    totalHits: hits,
    timeToExpire: secondsLeft,
    isBlocked,
    timeToBlockExpire: isBlocked ? secondsLeft : 0,
  };
}
