import { Injectable } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import type { Caller } from '../caller';
import type { EnterpriseRule } from '../route-policy';

/**
 * Enterprise-tier rules. Routes state theirs with @Enterprise(); features switched on inside a
 * request body (e.g. enrichment's multiple_results) call requireEnterprise from the handler.
 */
@Injectable()
export class TierService {
  /** 403 `feature_not_available` unless the caller's team is on the enterprise tier. */
  requireEnterprise(caller: Caller, feature: string): void {
    if (caller.tier === 'enterprise') return;
    throw new ServiceError(
      'feature_not_available',
      `${feature} is available to enterprise-tier teams only; this key's team is on the ${caller.tier} tier.`,
      { feature, tier: caller.tier },
    );
  }

  assertRoute(caller: Caller, rule: EnterpriseRule | null, scope: string): void {
    if (rule === 'all') this.requireEnterprise(caller, scope);
    else if (rule === 'agent_keys' && caller.kind === 'agent')
      this.requireEnterprise(caller, `${scope} with an agent key`);
  }
}
