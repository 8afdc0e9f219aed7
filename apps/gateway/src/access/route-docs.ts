import type { HeadersObject, OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { FORBIDDEN_DESCRIPTION } from './decorators/api-key-auth.decorator';
import { SANDBOX_SUMMARY_EXTENSION } from './decorators/live-and-sandbox.decorator';
import type { EnterpriseRule, RouteEntry, RoutePolicy } from './route-policy';
import { isSandboxScope } from './scope';

const TIER: Record<EnterpriseRule, string> = {
  all: '`feature_not_available`: enterprise-tier teams only.',
  agent_keys: '`feature_not_available`: agent keys need an enterprise-tier team.',
};

const integer = { type: 'integer' } as const;

const RATE_LIMIT_HEADERS: HeadersObject = {
  'X-RateLimit-Limit': {
    description: 'Requests this key may make to this endpoint per minute.',
    schema: integer,
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: integer },
  'X-RateLimit-Reset': { description: 'Seconds until the current minute ends.', schema: integer },
  'RateLimit-Policy': {
    description:
      'IETF httpapi rate-limit policy: the route\'s bucket, its quota and window in seconds, e.g. `"default";q=600;w=60`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'IETF httpapi rate-limit state: what is left (`r`) and seconds until the window ends (`t`), e.g. `"default";r=599;t=37`.',
    schema: { type: 'string' },
  },
};

/** A 429 carries the same state, and when to come back. */
const RATE_LIMITED_HEADERS: HeadersObject = {
  'Retry-After': { description: 'Seconds until the key may call this endpoint again.', schema: integer },
  ...RATE_LIMIT_HEADERS,
};

type Operation = OperationObject & { [SANDBOX_SUMMARY_EXTENSION]?: string };

/**
 * Documents each route's access policy from RoutePolicies, the code the guard enforces, so the
 * document cannot promise what the guard does not do: the tier 403 where it has a tier rule, the
 * X-RateLimit-* headers behind a key or an agent's token, and no key at all on a public route.
 * (What billing adds to a billed route is documented by billing, from the same policies.)
 * A sandbox mirror (@PostLiveAndSandbox) shares its live handler's operation; here it gets its
 * own summary and operationId, and what the sandbox waives drops out with its policy.
 */
export function documentRoutePolicies(document: OpenAPIObject, routes: readonly RouteEntry[]): void {
  for (const { method, path, policy } of routes) {
    // The router writes a path parameter `:id`, OpenAPI `{id}`.
    const documented = path.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[documented]?.[method.toLowerCase() as 'get'] as Operation | undefined;
    if (!operation) continue;
    nameMirror(operation, path);
    if (policy.agentToken) addRateLimitHeaders(operation);
    else if (policy.isPublic) documentPublic(operation);
    else documentPolicy(operation, policy);
    // The sandbox never charges (SPEC, Authentication 3), whatever its live twin documents.
    if (isSandboxScope(path)) delete operation.responses['402'];
  }
}

function nameMirror(operation: Operation, path: string): void {
  const sandboxSummary = operation[SANDBOX_SUMMARY_EXTENSION];
  if (sandboxSummary === undefined) return;
  delete operation[SANDBOX_SUMMARY_EXTENSION];
  // Swagger names a handler's two paths `<id>[0]` and `<id>[1]`; the sandbox gets a readable suffix.
  const id = operation.operationId?.replace(/\[\d+\]$/, '');
  if (!isSandboxScope(path)) {
    operation.operationId = id;
    return;
  }
  operation.operationId = id && `${id}_sandbox`;
  operation.summary = sandboxSummary;
}

/**
 * A @Public() route in an @ApiKeyAuth() controller: the guard asks for nothing, so neither does the
 * document. A route that authenticates otherwise (@OperatorAuth) keeps its own scheme and refusals.
 */
function documentPublic(operation: Operation): void {
  const own = (operation.security ?? []).filter((scheme) => !('API-Key' in scheme));
  if (own.length > 0) {
    operation.security = own;
    return;
  }
  // An empty requirement, not none: "no credentials", rather than "whatever the document's default is".
  operation.security = [];
  const { responses } = operation;
  delete responses['401'];
  delete responses['429'];
  if ((responses['403'] as ResponseObject | undefined)?.description === FORBIDDEN_DESCRIPTION)
    delete responses['403'];
}

/** Headers every success of the route carries. (An @AgentTokenAuth() route documents its own scheme and errors.) */
export function addSuccessHeaders(operation: OperationObject, headers: HeadersObject): void {
  // The route's own success status: 201 or 202 where it declares one, else 200; none for a
  // route that only refuses (GET /mcp answers 405 whatever the key).
  const status = ['200', '201', '202'].find((s) => operation.responses[s] !== undefined);
  if (status === undefined) return;
  const ok = operation.responses[status] as ResponseObject;
  operation.responses[status] = {
    ...ok,
    description: ok.description || 'Success.',
    headers: { ...ok.headers, ...headers },
  };
}

/** The rate-limit state on the route's successes, and with Retry-After on its 429. */
function addRateLimitHeaders(operation: OperationObject): void {
  addSuccessHeaders(operation, RATE_LIMIT_HEADERS);
  const limited = operation.responses['429'] as ResponseObject | undefined;
  if (limited) limited.headers = { ...limited.headers, ...RATE_LIMITED_HEADERS };
}

function documentPolicy(operation: Operation, policy: RoutePolicy): void {
  const { responses } = operation;
  addRateLimitHeaders(operation);
  // A handler's own 403 (e.g. multiple_results) replaces the controller's in the document: put
  // every reason this route can answer 403 for back together.
  const own = ((responses['403'] as ResponseObject | undefined)?.description ?? '').split('\n\n');
  const reasons = [FORBIDDEN_DESCRIPTION, ...(policy.enterprise ? [TIER[policy.enterprise]] : []), ...own];
  responses['403'] = { description: [...new Set(reasons.filter((r) => r !== ''))].join('\n\n') };
}
