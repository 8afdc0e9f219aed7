/**
 * Access events between processes. A process that revokes API keys (the CLI, the auth service's
 * disconnect, a gateway replacing an agent's key) publishes their secret hashes on
 * `<NATS_SUBJECT_PREFIX>.access.keys-revoked`; every gateway process evicts them from its key
 * cache at once, so a revoked key stops working everywhere without waiting for
 * API_KEY_CACHE_TTL_MS (docs/access.md, "Revocation").
 */
export const ACCESS_EVENTS = { keysRevoked: 'access.keys-revoked' } as const;

/** Payload of `access.keys-revoked`: lowercase hex SHA-256 of each revoked key (api_keys.secret_hash). */
export interface KeysRevokedEvent {
  secret_hashes: string[];
}

/** The shape of api_keys.secret_hash; an event carrying anything else is ignored. */
export const SECRET_HASH_PATTERN = /^[0-9a-f]{64}$/;

/**
 * What an agent key may call (SPEC, Authentication 5): person and company enrichment (GET
 * /person/enrich shares its POST's scope), person and company search (the enterprise-tier rule
 * is @Enterprise({agentKeysOnly}) on the route), the free utilities, and the sandbox mirrors of
 * the enrichment and search endpoints, so an agent can try its requests on fictional records
 * without spending credits. Autocomplete and its sandbox mirror (free), which turn a user's
 * words into the values search filters on. Not discovery, live or sandbox. And the MCP server (/mcp), whose
 * tools an agent key lists and calls only where it may call their routes (docs/mcp.md). Its
 * team's usage (GET /usage) and its own requests (GET /usage/events, docs/usage.md). Written
 * into api_keys.endpoints when the key is issued, so the guard treats it like any limited key.
 */
export const AGENT_KEY_ENDPOINTS: readonly string[] = Object.freeze([
  '/person/enrich',
  '/person/enrich/bulk',
  '/company/enrich',
  '/company/enrich/bulk',
  '/person/search',
  '/company/search',
  '/sandbox/person/enrich',
  '/sandbox/person/enrich/bulk',
  '/sandbox/company/enrich',
  '/sandbox/company/enrich/bulk',
  '/sandbox/person/search',
  '/sandbox/company/search',
  '/utility/clean',
  '/utility/hash/email',
  '/utility/report/person',
  '/utility/report/company',
  '/autocomplete',
  '/sandbox/autocomplete',
  '/mcp',
  '/usage',
  '/usage/events',
]);

/** `token_use` of the auth service's access token: it is good for POST /agent/key only. */
export const AGENT_ACCESS_TOKEN_USE = 'agent_key';

/**
 * Privacy events (docs/privacy.md): a suppression made or lifted anywhere (CLI, the operator
 * HTTP API) is published on `<NATS_SUBJECT_PREFIX>.privacy.suppressions-changed`; every gateway
 * stops answering with the people in `svc_ids` at once, and reads the standing list again.
 */
export const PRIVACY_EVENTS = { suppressionsChanged: 'privacy.suppressions-changed' } as const;

/** Payload of `privacy.suppressions-changed`: the svc_ids newly suppressed (none for a lift). */
export interface SuppressionsChangedEvent {
  svc_ids: string[];
}

export const SVC_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
