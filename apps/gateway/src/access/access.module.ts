import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessGuard } from './guards/access.guard';
import { RateLimitGuard } from './guards/rate-limit.guard';
import { KeyBudgets } from './rate-limits/key-budgets';
import { throttlerProviders } from './rate-limits/throttler.providers';
import { RoutePolicies } from './route-policy';
import { ApiKeyService } from './services/api-key.service';
import { FailedAuthLimiter } from './services/failed-auth-limiter';
import { KeyRevocationsService } from './services/key-revocations.service';
import { TierService } from './services/tier.service';

/**
 * API keys, endpoint scopes, tiers and rate limits (docs/access.md); credits and charges are
 * billing's. Global so that handlers in any feature can inject TierService and KeyBudgets.
 * DiscoveryModule lets RoutePolicies list every route for the OpenAPI document.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    RoutePolicies,
    ApiKeyService,
    FailedAuthLimiter,
    TierService,
    KeyRevocationsService,
    RateLimitGuard,
    KeyBudgets,
    ...throttlerProviders,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [RoutePolicies, ApiKeyService, TierService, KeyRevocationsService, RateLimitGuard, KeyBudgets],
})
export class AccessModule {}
