import type { FastifyRequest } from 'fastify';
import { BuildKind, ServiceError } from '@app/contracts';
import type { Caller } from './caller';

export const SANDBOX_PREFIX = '/sandbox/';

/**
 * The endpoint scope of a request: the matched route's path (`/person/enrich`), so controllers
 * never repeat it and GET and POST forms of a path share one scope.
 */
export function scopeOf(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? request.url.split('?', 1)[0];
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function isSandboxScope(scope: string): boolean {
  return scope.startsWith(SANDBOX_PREFIX);
}

/** The sandbox mirror of a live route path: `person/enrich` → `sandbox/person/enrich`. */
export function sandboxPath(path: string): string {
  return `${SANDBOX_PREFIX.slice(1)}${path.replace(/^\/+/, '')}`;
}

/** Which build a route reads: the sandbox's fictional records under /sandbox/, else the live data. */
export function buildKindOf(scope: string): BuildKind {
  return isSandboxScope(scope) ? 'sandbox' : 'live';
}

/** A limited key must list the exact path; sandbox paths get no exemption (SPEC, Authentication 2). */
export function assertScope(caller: Caller, scope: string): void {
  if (caller.endpoints === null || caller.endpoints.includes(scope)) return;
  throw new ServiceError('forbidden', `This API key is not allowed to call ${scope}.`, {
    endpoint: scope,
    allowed_endpoints: caller.endpoints,
  });
}
