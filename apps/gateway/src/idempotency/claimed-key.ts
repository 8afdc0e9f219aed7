import { requestSlot } from '../request-slot';

const CLAIMED = requestSlot<string>('svc.idempotency-key');

/** Set by IdempotencyInterceptor once this request holds its Idempotency-Key. */
export const setClaimedIdempotencyKey = CLAIMED.set;

/** The key this request holds, which its charge marks as charged in the same commit; else null. */
export function claimedIdempotencyKeyOf(request: object): string | null {
  return CLAIMED.get(request) ?? null;
}
