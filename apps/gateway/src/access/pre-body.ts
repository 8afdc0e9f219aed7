import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_KEY_HEADER, ApiKeyService, presentedKey } from './services/api-key.service';
import { FailedAuthLimiter } from './services/failed-auth-limiter';
import { RoutePolicies } from './route-policy';

/**
 * Checks that need no body, run in Fastify's onRequest hook, before the body is read and parsed:
 * on a keyed route (not @Public()), an address over its failed-key limit gets 429 unless its key is
 * known to be good, and a missing or malformed API-Key header 401, so neither costs a body parse,
 * a validation or a database lookup. AccessGuard still does the whole chain (it also runs for
 * routes this hook cannot see).
 */
export function installPreBodyChecks(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const failures = app.get(FailedAuthLimiter);
  const keys = app.get(ApiKeyService);
  let keyed: Map<string, Set<string>> | null = null;
  // The route table exists once Nest has initialized, i.e. by the first request.
  const needsKey = (method: string, path: string): boolean => {
    keyed ??= keyedRoutes(app.get(RoutePolicies));
    const methods = keyed.get(path);
    return !!methods && (methods.has(method) || methods.has('ALL'));
  };
  fastify.addHook('onRequest', async (request) => {
    const path = request.routeOptions.url;
    if (path === undefined) return;
    // Fastify answers HEAD on a GET route with the GET route's handler and guard.
    if (!needsKey(request.method === 'HEAD' ? 'GET' : request.method, path)) return;
    const header = request.headers[API_KEY_HEADER];
    // A key known to be good passes whatever else its address sent (a NAT shared by tenants).
    if (!keys.isKnown(header)) failures.assertAllowed(request.ip, path);
    try {
      presentedKey(header);
    } catch (error) {
      if (header !== undefined) failures.record(request.ip);
      throw error;
    }
  });
}

function keyedRoutes(policies: RoutePolicies): Map<string, Set<string>> {
  const keyed = new Map<string, Set<string>>();
  for (const { method, path, policy } of policies.routes()) {
    if (policy.isPublic) continue;
    let methods = keyed.get(path);
    if (!methods) keyed.set(path, (methods = new Set()));
    methods.add(method);
  }
  return keyed;
}
