/** What the billing interceptor charged a request: for its usage event (docs/usage.md). */
export interface ChargedRequest {
  credits: number;
  /** The charge's id in usage and credit_ledger. */
  chargeId: string;
}

// A symbol, not a named property, so nothing else on the request can collide with or spoof it.
const CHARGED = Symbol('svc.charged');
type WithCharge = { [CHARGED]?: ChargedRequest };

export function noteCharge(request: object, charge: ChargedRequest): void {
  (request as WithCharge)[CHARGED] = charge;
}

/** Undefined when this request charged nothing (free, refused, a replay, or not billed). */
export function chargeOf(request: object): ChargedRequest | undefined {
  return (request as WithCharge)[CHARGED];
}
