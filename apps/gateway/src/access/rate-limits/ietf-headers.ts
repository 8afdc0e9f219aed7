/**
 * The IETF httpapi rate-limit fields (draft-ietf-httpapi-ratelimit-headers, Structured Field
 * lists), beside the X-RateLimit-* headers clients already read: `RateLimit-Policy` names the
 * route's bucket with its quota (`q`) per window (`w`, seconds); `RateLimit` says what is left
 * of it (`r`) and in how many seconds the window ends (`t`). One policy per route, named after
 * its bucket (docs/access.md, "Rate limits").
 */
export interface RateLimitState {
  bucket: string;
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  reset: number;
  windowSeconds: number;
}

export function ietfRateLimitHeaders(state: RateLimitState): {
  'RateLimit-Policy': string;
  RateLimit: string;
} {
  const name = `"${state.bucket}"`;
  return {
    'RateLimit-Policy': `${name};q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `${name};r=${Math.max(0, state.remaining)};t=${Math.max(0, Math.ceil(state.reset))}`,
  };
}
