import { Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '@app/config';
import { RATE_LIMIT_WINDOW_MS, RateLimitName, rateLimitTable } from './rate-limit-table';

/**
 * A per-key allowance for something a request may do besides reaching its route (discovery's
 * model call), counted in the rate-limit storage: in Redis with REDIS_URL, shared by every
 * gateway, one atomic increment per take, in the same fixed windows as the routes' limits. The
 * counter is `<key id>:<name>`; route counters end in a path, so the two never share a window.
 */
@Injectable()
export class KeyBudgets {
  private readonly table: ReturnType<typeof rateLimitTable>;

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.table = rateLimitTable(config.access.rateLimits);
  }

  /**
   * Takes one token of the key's `name` budget for this window: true while the window has one
   * left. The increment is the check, so concurrent takes never overspend. When the count cannot
   * be made (the storage throws, or answers without counting: 0 hits), the budget stays shut:
   * what it guards is optional and costs the operator.
   */
  async take(name: RateLimitName, keyId: number): Promise<boolean> {
    const limit = this.table[name];
    try {
      const record = await this.storage.increment(
        `${keyId}:${name}`,
        RATE_LIMIT_WINDOW_MS,
        limit,
        RATE_LIMIT_WINDOW_MS,
        'default',
      );
      return record.totalHits >= 1 && !record.isBlocked;
    } catch {
      return false;
    }
  }
}
