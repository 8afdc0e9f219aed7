import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { BillingInterceptor } from './billing/billing.interceptor';
import { AccessGuard } from './guards/access.guard';
import { RateLimitGuard } from './guards/rate-limit.guard';
import { KeyBudgets } from './rate-limits/key-budgets';
import { throttlerProviders } from './rate-limits/throttler.providers';
import { RoutePolicies } from './route-policy';
import { ApiKeyService } from './services/api-key.service';
import { CreditsService } from './services/credits.service';
import { FailedAuthLimiter } from './services/failed-auth-limiter';
import { KeyRevocationsService } from './services/key-revocations.service';
import { TierService } from './services/tier.service';

/**
 * API keys, endpoint scopes, tiers, credits and rate limits (docs/access.md). Global so that
 * @BilledMatches() controllers in any feature module can resolve BillingInterceptor's
 * dependencies and handlers can inject TierService. DiscoveryModule lets RoutePolicies list
 * every route for the OpenAPI document.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    RoutePolicies,
    ApiKeyService,
    CreditsService,
    FailedAuthLimiter,
    TierService,
    KeyRevocationsService,
    BillingInterceptor,
    IdempotencyInterceptor,
    RateLimitGuard,
    KeyBudgets,
    ...throttlerProviders,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [
    RoutePolicies,
    CreditsService,
    TierService,
    BillingInterceptor,
    IdempotencyInterceptor,
    KeyRevocationsService,
    RateLimitGuard,
    KeyBudgets,
  ],
})
export class AccessModule {}
