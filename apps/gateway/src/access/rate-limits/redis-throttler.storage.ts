import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { ThrottlerStorageRecord, windowRecord } from './memory-throttler.storage';

/**
 * Increment and read the window in one atomic step; the expiry is set by the hit that opens the
 * window (PTTL -1: no expiry yet), so every gateway sharing the Redis counts into one window.
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

type WithHit = Redis & { svcRateHit(key: string, ttlMs: number): Promise<[number, number]> };

const WARN_EVERY_MS = 10_000;

/**
 * Counters shared by every gateway on one Redis (REDIS_URL). Keys are `<prefix><key id>:<path>`.
 * If Redis fails mid-flight the request is let through (fail open, logged at most every 10 s):
 * a rate limiter outage should not become an API outage. At boot, an unreachable Redis stops the
 * gateway like any other configured dependency.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly redis: WithHit;
  private lastWarning = 0;
  private lastError = '';

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      // Fail fast instead of queueing requests behind a reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
    }) as WithHit;
    this.redis.defineCommand('svcRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.on('error', (error: Error) => {
      this.lastError = error.message;
      this.warn(`redis: ${error.message}`);
    });
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.redis.connect();
    } catch (error) {
      this.redis.disconnect();
      // The URL is not repeated: it may carry a password.
      throw new Error(
        `Cannot reach Redis at REDIS_URL for rate-limit counters: ${this.lastError || (error as Error).message}`,
      );
    }
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    try {
      const [hits, msLeft] = await this.redis.svcRateHit(this.prefix + key, ttl);
      return windowRecord(Number(hits), Number(msLeft), limit);
    } catch (error) {
      this.warn(`rate limit not enforced, redis failed: ${(error as Error).message}`);
      return windowRecord(0, ttl, limit);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}
