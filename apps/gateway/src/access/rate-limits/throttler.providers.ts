import { Provider } from '@nestjs/common';
import { getOptionsToken, getStorageToken, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '@app/config';
import { RoutePolicies } from '../route-policy';
import { MemoryThrottlerStorage } from './memory-throttler.storage';
import { RATE_LIMIT_WINDOW_MS, rateLimitTable } from './rate-limit-table';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/**
 * What ThrottlerModule would provide, wired here so the limit can come from the route's policy
 * and the storage from REDIS_URL. One throttler named `default` keeps the header names
 * unsuffixed (`X-RateLimit-Limit`, not `X-RateLimit-Limit-hash_email`).
 */
export const throttlerProviders: Provider[] = [
  {
    provide: getOptionsToken(),
    inject: [APP_CONFIG, RoutePolicies],
    useFactory: (config: AppConfig, policies: RoutePolicies): ThrottlerModuleOptions => {
      const table = rateLimitTable(config.access.rateLimits);
      return {
        throttlers: [
          {
            name: 'default',
            ttl: RATE_LIMIT_WINDOW_MS,
            limit: (context) => table[policies.of(context).rateLimit],
          },
        ],
      };
    },
  },
  {
    provide: getStorageToken(),
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) =>
      config.redisUrl
        ? new RedisThrottlerStorage(config.redisUrl, config.access.rateLimits.keyPrefix)
        : new MemoryThrottlerStorage(),
  },
];
