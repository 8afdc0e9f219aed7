export { AccessModule } from './access.module';
export { type Billable, freeOfCharge } from './billing/billable';
export { CREDITS_CHARGED_HEADER, CREDITS_REMAINING_HEADER } from './billing/billing.interceptor';
export { type Caller, setRateLimitSubject } from './caller';
export * from './decorators';
export { KeyBudgets } from './rate-limits/key-budgets';
export {
  RATE_LIMIT_NAMES,
  type RateLimitName,
  rateLimitTable,
  REFUSED_WHEN_UNCOUNTED,
} from './rate-limits/rate-limit-table';
export { installPreBodyChecks } from './pre-body';
export { documentRoutePolicies } from './route-docs';
export { RateLimitGuard } from './guards/rate-limit.guard';
export {
  type EnterpriseRule,
  IS_AGENT_TOKEN,
  type RouteEntry,
  RoutePolicies,
  type RoutePolicy,
} from './route-policy';
export { scopeOf } from './scope';
export { KeyRevocationsService } from './services/key-revocations.service';
export { TierService } from './services/tier.service';
