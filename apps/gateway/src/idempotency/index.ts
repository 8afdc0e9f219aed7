export { claimedIdempotencyKeyOf } from './claimed-key';
export { IdempotencyInterceptor } from './idempotency.interceptor';
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency-key';
export { IDEMPOTENCY_OWNER, type IdempotencyOwner } from './idempotency-owner';
