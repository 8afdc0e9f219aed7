import { requestSlot } from '../request-slot';

/** What the billing interceptor charged a request: for its usage event (docs/usage.md). */
export interface ChargedRequest {
  credits: number;
  /** The charge's id in usage and credit_ledger. */
  chargeId: string;
}

const CHARGED = requestSlot<ChargedRequest>('svc.charged');

export const noteCharge = CHARGED.set;

/** Undefined when this request charged nothing (free, refused, a replay, or not billed). */
export const chargeOf = CHARGED.get;
