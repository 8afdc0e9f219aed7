/**
 * Every `error` code the service can answer with, and its HTTP status. Feature exceptions
 * pick from these codes; the HTTP and NATS mappers translate them, so adding a code here
 * without a status is a compile error.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_email: 400,
  invalid_query: 400,
  minimum_requirements_not_met: 400,
  // Agent sign-in claims (docs/agents.md): a wrong code, an expired one, a claim ended by wrong codes.
  invalid_user_code: 400,
  claim_code_expired: 400,
  claim_failed: 400,
  // A search or discover cursor (docs/search-sql.md, "Paging"): idle past its keep-alive; not one we wrote for this team and query.
  cursor_expired: 400,
  invalid_cursor: 400,
  unauthorized: 401,
  invalid_token: 401,
  insufficient_credits: 402,
  contract_expired: 402,
  key_cap_reached: 402,
  forbidden: 403,
  feature_not_available: 403,
  key_creation_refused: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  multiple_teams: 409,
  claim_not_confirmed: 409,
  claim_completed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  // An Idempotency-Key reused with another request (docs/access.md, "Idempotent retries").
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  search_timeout: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The one error body every endpoint and every NATS reply uses. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  details: Record<string, unknown> | unknown[] | null;
}

/**
 * A failure the caller can act on. Pure (no Nest): thrown by libraries and services alike,
 * and mapped to a transport by exactly one mapper per transport.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorBody['details'] = null,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message, details: this.details };
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}

/** Accepts an `{error, message, details}` payload from an untrusted peer (NATS), or null. */
export function parseErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isErrorCode(v.error) || typeof v.message !== 'string') return null;
  const details = typeof v.details === 'object' ? (v.details as ErrorBody['details']) : null;
  return { error: v.error, message: v.message, details };
}

/** One request field and what is wrong with it: the `details` of a `validation_failed` error. */
export interface FieldProblem {
  field: string;
  problems: string[];
}

/** 422 `validation_failed` naming every bad field; the global validation pipe and rules a DTO cannot express both answer with it. */
export function validationFailed(details: FieldProblem[]): ServiceError {
  const summary = details.map((d) => `${d.field}: ${d.problems.join('; ')}`).join(' | ');
  return new ServiceError('validation_failed', `The request has invalid fields: ${summary}`, details);
}
