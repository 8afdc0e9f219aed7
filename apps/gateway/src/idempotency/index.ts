export { IdempotencyInterceptor } from './idempotency.interceptor';
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency-key';
