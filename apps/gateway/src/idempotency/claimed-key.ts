// A symbol, not a named property, so nothing else on the request can collide with or spoof it.
const CLAIMED = Symbol('svc.idempotency-key');
type WithClaim = { [CLAIMED]?: string };

/** Set by IdempotencyInterceptor once this request holds its Idempotency-Key. */
export function setClaimedIdempotencyKey(request: object, key: string): void {
  (request as WithClaim)[CLAIMED] = key;
}

/** The key this request holds, which its charge marks as charged in the same commit; else null. */
export function claimedIdempotencyKeyOf(request: object): string | null {
  return (request as WithClaim)[CLAIMED] ?? null;
}
