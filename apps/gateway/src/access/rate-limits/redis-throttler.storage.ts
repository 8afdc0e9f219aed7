import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { Coalescer } from '../../coalescer';
import { ThrottlerStorageRecord, windowRecord } from './memory-throttler.storage';

/**
 * Increment and read each window in one atomic step; the expiry is set by the hit that opens the
 * window (PTTL -1: no expiry yet), so every gateway sharing the Redis counts into one window.
 * KEYS are the counters of the requests grouped into this call, ARGV their window lengths.
 */
const HIT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local hits = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[i])
    ttl = tonumber(ARGV[i])
  end
  out[2 * i - 1] = hits
  out[2 * i] = ttl
end
return out
`;

type WithHits = Redis & {
  svcRateHits(keyCount: number, ...keysThenTtls: Array<string | number>): Promise<number[]>;
};

const WARN_EVERY_MS = 10_000;

/**
 * Longest a request waits for its rate-limit count. A Redis that accepts commands and never
 * answers would otherwise hold every guarded request (and all those queued behind the
 * coalescer's in-flight batch) forever; past this bound the count fails (CountersUnavailable).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * After a failed count, how long later counts fail at once without asking Redis: a stalled Redis
 * costs one request its 500 ms per interval instead of every request. Also the Retry-After of
 * the routes refused meanwhile.
 */
export const REDIS_RETRY_AFTER_MS = 1000;

/** The count could not be made; the guard decides, per route, to serve uncounted or refuse. */
export class CountersUnavailable extends Error {
  constructor(reason: string) {
    super(`rate-limit counters unavailable: ${reason}`);
    this.name = 'CountersUnavailable';
  }
}

/**
 * Counters shared by every gateway on one Redis (REDIS_URL). Keys are `<prefix><key id>:<path>`.
 * If Redis fails mid-flight the count rejects with CountersUnavailable (logged at most every
 * 10 s) and RateLimitGuard applies the route's choice: most routes are served uncounted (a rate
 * limiter outage should not become an API outage), the costliest are refused with a 503
 * (REFUSED_WHEN_UNCOUNTED). At boot, an unreachable Redis stops the gateway like any other
 * configured dependency.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly redis: WithHits;
  // Counts of requests that arrive while a call is in flight go together in the next one: one
  // Redis round trip per batch instead of one per request.
  private readonly hits = new Coalescer<null, { key: string; ttl: number }, [number, number]>((_, items) =>
    this.hit(items),
  );
  private lastWarning = 0;
  private lastError = '';
  /** Until then counts fail without a Redis call (REDIS_RETRY_AFTER_MS after a failure). */
  private failingUntil = 0;

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
      // Frees the coalescer's in-flight batch, so later batches get their own try.
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    }) as WithHits;
    this.redis.defineCommand('svcRateHits', { lua: HIT_SCRIPT });
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
    if (Date.now() < this.failingUntil) throw new CountersUnavailable('redis failed a moment ago');
    try {
      // Bounded here too: a request queued behind a stuck batch would otherwise wait for that
      // batch's timeout and then for its own.
      const [hits, msLeft] = await withinBound(this.hits.submit(null, { key: this.prefix + key, ttl }));
      return windowRecord(Number(hits), Number(msLeft), limit);
    } catch (error) {
      this.failingUntil = Date.now() + REDIS_RETRY_AFTER_MS;
      const reason = `redis failed: ${(error as Error).message}`;
      this.warn(`rate limits not counted (cheap routes served, costly ones refused), ${reason}`);
      throw new CountersUnavailable(reason);
    }
  }

  private async hit(items: Array<{ key: string; ttl: number }>): Promise<Array<[number, number]>> {
    const flat = await this.redis.svcRateHits(
      items.length,
      ...items.map((i) => i.key),
      ...items.map((i) => i.ttl),
    );
    return items.map((_, i) => [Number(flat[2 * i]), Number(flat[2 * i + 1])]);
  }

  async onApplicationShutdown(): Promise<void> {
    // QUIT waits for an answer; a Redis that gives none must not hold the shutdown.
    await withinBound(this.redis.quit()).catch(() => this.redis.disconnect());
  }

  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}

function withinBound<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`)),
      REDIS_COMMAND_TIMEOUT_MS,
    );
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}
