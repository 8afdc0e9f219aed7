import type { RateLimitConfig } from '@app/config';

/** Every limit is per API key and endpoint, counted in fixed windows of this length. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export const RATE_LIMIT_NAMES = [
  'default',
  'hash_email',
  'report',
  'bulk',
  'jobs',
  'discover',
  'discover_model',
  'cursor_walk',
  'agent_key',
  'search',
  'mcp',
  'usage',
  'autocomplete',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];
export const DEFAULT_RATE_LIMIT: RateLimitName = 'default';

/**
 * The buckets whose routes are refused (503 with Retry-After) rather than served uncounted when
 * the shared counters (Redis) cannot be asked: the routes that cost the most per request — a
 * search or discover runs on the search worker's one event loop, a bulk call is up to 100
 * lookups, a job creation checks up to 10,000 items, an MCP call fans out to those. Unmetered, one key could stall them for every tenant;
 * cheaper routes keep failing open, so a limiter outage does not become an API outage.
 */
export const REFUSED_WHEN_UNCOUNTED: ReadonlySet<RateLimitName> = new Set([
  'search',
  'discover',
  'bulk',
  'jobs',
  'mcp',
]);

/**
 * The one table of per-endpoint limits (requests per window). hash_email and report are fixed
 * by SPEC.md (Limits); the others are operator settings, see docs/access.md.
 */
export function rateLimitTable(config: RateLimitConfig): Readonly<Record<RateLimitName, number>> {
  return Object.freeze({
    hash_email: 100,
    report: 50,
    // Per agent: an agent asks for a key once per session; this only bounds a runaway loop.
    agent_key: 10,
    bulk: config.bulkPerMinute,
    // Job creations: each is up to 10,000 items checked and stored, and an active-job place.
    jobs: config.jobsPerMinute,
    discover: config.discoverPerMinute,
    // Not a route's limit: the live discovers per key that may call the model provider
    // (KeyBudgets; past it, the parser answers alone). A model call costs the operator even
    // when the request matches nothing and is free.
    discover_model: config.discoverModelPerMinute,
    // Not a route's limit: the cursor walks per key whose second page opens an OpenSearch
    // point-in-time (KeyBudgets), a node-wide resource (300 by default) each holds for its
    // keep-alive; so one key holds at most 20 × keep-alive-in-minutes of them.
    cursor_walk: 20,
    default: config.defaultPerMinute,
    // The default limit; their own names mark them REFUSED_WHEN_UNCOUNTED.
    search: config.defaultPerMinute,
    mcp: config.defaultPerMinute,
    // GET /usage and /usage/events: free, but a year's aggregate reads many rows.
    usage: 60,
    // Free, one request per keystroke. Served uncounted when Redis fails, like other cheap
    // routes: a lookup reads `size` documents of a small index (docs/autocomplete.md).
    autocomplete: config.autocompletePerMinute,
  });
}
