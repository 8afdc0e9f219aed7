/**
 * Whose Idempotency-Keys a request uses: the team its charge goes to, or null when the request
 * is not charged (nothing to protect, the header is ignored). Provided by the feature that
 * charges (billing), so idempotency depends on no access or key code.
 */
export type IdempotencyOwner = (request: object) => number | null;

export const IDEMPOTENCY_OWNER = Symbol('svc.idempotency-owner');
