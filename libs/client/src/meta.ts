/** The credit figures of a billed answer (docs/access.md, "Credits"); null where the answer has none. */
export interface Credits {
  /** X-Credits-Charged: credits this call took, one per returned match. */
  charged: number | null;
  /** X-Credits-Remaining: the team's balance right after the charge. */
  remaining: number | null;
  /** X-Key-Cap-Remaining: what the key may still spend before its tighter spend cap, when it has one. */
  keyCapRemaining: number | null;
}

/** The rate limit of the route's bucket (docs/access.md, "Rate limits"); null where the answer has none. */
export interface RateLimit {
  /** X-RateLimit-Limit: requests per window. */
  limit: number | null;
  /** X-RateLimit-Remaining: requests left in the current window. */
  remaining: number | null;
  /** X-RateLimit-Reset: seconds until the window ends. */
  reset: number | null;
  /** RateLimit-Policy, the IETF httpapi field as sent, e.g. `"bulk";q=60;w=60`. */
  policy: string | null;
  /** RateLimit, the IETF httpapi field as sent, e.g. `"bulk";r=59;t=37`. */
  state: string | null;
}

/** What every result carries beside openapi-fetch's `data`, `error` and `response`. */
export interface ResultMeta {
  credits: Credits;
  rateLimit: RateLimit;
  /** The Idempotency-Key the call was sent with (one for all its attempts), or null. */
  idempotencyKey: string | null;
  /** True when the server answered a stored response for the key instead of running (and charging) again. */
  replayed: boolean;
  /** How many times the request was sent: 1 unless it was retried. */
  attempts: number;
}

const integer = (headers: Headers, name: string): number | null => {
  const value = headers.get(name);
  if (value === null || !/^\s*-?\d+\s*$/.test(value)) return null;
  return Number(value);
};

/** The credit and rate-limit headers of `response`, the key its request carried and its attempts. */
export function metaOf(request: Request | undefined, response: Response, attempts: number): ResultMeta {
  const { headers } = response;
  return {
    credits: {
      charged: integer(headers, 'X-Credits-Charged'),
      remaining: integer(headers, 'X-Credits-Remaining'),
      keyCapRemaining: integer(headers, 'X-Key-Cap-Remaining'),
    },
    rateLimit: {
      limit: integer(headers, 'X-RateLimit-Limit'),
      remaining: integer(headers, 'X-RateLimit-Remaining'),
      reset: integer(headers, 'X-RateLimit-Reset'),
      policy: headers.get('RateLimit-Policy'),
      state: headers.get('RateLimit'),
    },
    idempotencyKey: request?.headers.get('Idempotency-Key') ?? null,
    replayed: headers.get('Idempotent-Replayed') === 'true',
    attempts,
  };
}
