export { AccessModule } from './access.module';
export {
  accessOf,
  type Caller,
  contractExpired,
  type RequestAccess,
  setRateLimitSubject,
  utcToday,
} from './caller';
export * from './decorators';
export { KeyBudgets } from './rate-limits/key-budgets';
export {
  RATE_LIMIT_NAMES,
  type RateLimitName,
  rateLimitTable,
  REFUSED_WHEN_UNCOUNTED,
} from './rate-limits/rate-limit-table';
export { installPreBodyChecks } from './pre-body';
export { addSuccessHeaders, documentRoutePolicies } from './route-docs';
export { RateLimitGuard } from './guards/rate-limit.guard';
export {
  type EnterpriseRule,
  IS_AGENT_TOKEN,
  IS_BILLED,
  type RouteEntry,
  RoutePolicies,
  type RoutePolicy,
} from './route-policy';
export { buildKindOf, scopeOf } from './scope';
export { ApiKeyService } from './services/api-key.service';
export { KeyRevocationsService } from './services/key-revocations.service';
export { TierService } from './services/tier.service';
