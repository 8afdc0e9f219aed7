import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '@app/contracts';
import { setAccess } from '../caller';
import { RoutePolicies } from '../route-policy';
import { assertScope, scopeOf } from '../scope';
import { API_KEY_HEADER, ApiKeyService } from '../services/api-key.service';
import { FailedAuthLimiter } from '../services/failed-auth-limiter';
import { TierService } from '../services/tier.service';
import { RateLimitGuard } from './rate-limit.guard';

/**
 * The one global guard, in a fixed order: public route? → failed keys from the address (429, for
 * keys not known to be good) → API key (401) → endpoint scope (403)
 * → tier (403) → rate limit (429). On billed routes, billing's own guard then runs the contract
 * and credit pre-check (402), after the rate limit (CreditPrecheckGuard). Each
 * step reads the route's policy through RoutePolicies (its decorators, and whether its path is
 * in the sandbox), so endpoints state their rules in one line each and never repeat their path.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly policies: RoutePolicies,
    private readonly keys: ApiKeyService,
    private readonly tiers: TierService,
    private readonly rateLimit: RateLimitGuard,
    private readonly failures: FailedAuthLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const scope = scopeOf(request);
    const policy = this.policies.of(context, scope);
    if (policy.isPublic) return true;
    const header = request.headers[API_KEY_HEADER];
    // A presented key not known to be good counts for its address before its lookup, refunded if
    // Postgres accepts it; a known one is never refused for what others sent from that address,
    // and one whose lookup is already in flight shares it (one lookup, counted once).
    const known = this.keys.isKnown(header);
    const looksUp = header !== undefined && !known && !this.keys.joinsPendingLookup(header);
    const refund = looksUp ? this.failures.admit(request.ip, scope) : undefined;
    const caller = await this.keys.authenticate(header).then(
      (accepted) => {
        refund?.();
        return accepted;
      },
      (error: unknown) => {
        const refused =
          header !== undefined && error instanceof ServiceError && error.code === 'unauthorized';
        if (!refused) refund?.();
        else if (known) this.failures.record(request.ip);
        throw error;
      },
    );
    // Before the checks that may refuse it: a refused request is still its team's (usage events).
    setAccess(request, { caller, scope, billed: policy.billed });
    assertScope(caller, scope);
    this.tiers.assertRoute(caller, policy.enterprise, scope);
    if (policy.billed && request.method === 'HEAD') throw headOnBilled(scope);
    return this.rateLimit.canActivate(context);
  }
}

/**
 * Fastify answers HEAD on every GET route by running the GET handler; on a billed route that
 * would charge for matches the caller never sees (or, if free, leak the match count).
 */
function headOnBilled(scope: string): ServiceError {
  return new ServiceError('method_not_allowed', `HEAD is not supported on ${scope}; use GET.`, {
    method: 'HEAD',
    endpoint: scope,
  });
}
