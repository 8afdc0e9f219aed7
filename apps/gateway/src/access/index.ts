export { AccessModule } from './access.module';
export { type Billable, freeOfCharge } from './billing/billable';
export { CREDITS_CHARGED_HEADER, CREDITS_REMAINING_HEADER } from './billing/billing.interceptor';
export { type Caller } from './caller';
export * from './decorators';
export { RATE_LIMIT_NAMES, type RateLimitName, rateLimitTable } from './rate-limits/rate-limit-table';
export { documentRoutePolicies } from './route-docs';
export { type EnterpriseRule, type RouteEntry, RoutePolicies, type RoutePolicy } from './route-policy';
export { TierService } from './services/tier.service';
