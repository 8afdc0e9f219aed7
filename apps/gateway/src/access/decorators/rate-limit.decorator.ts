import { SetMetadata } from '@nestjs/common';
import { RATE_LIMIT_NAME } from '../route-policy';
import type { RateLimitName } from '../rate-limits/rate-limit-table';

/** Picks the route's row of the rate-limit table; routes without it use `default`. */
export const RateLimit = (name: RateLimitName): MethodDecorator & ClassDecorator =>
  SetMetadata(RATE_LIMIT_NAME, name);
