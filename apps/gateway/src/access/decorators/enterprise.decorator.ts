import { SetMetadata } from '@nestjs/common';
import { ENTERPRISE_RULE, EnterpriseRule } from '../route-policy';

/**
 * The route needs an enterprise-tier team: 403 `feature_not_available` otherwise. With
 * `{ agentKeysOnly: true }` only agent keys need it (search, SPEC Authentication 5). A sandbox
 * mirror is open to every key (RoutePolicies); the 403 is documented from the route's policy.
 */
export function Enterprise(options: { agentKeysOnly?: boolean } = {}): MethodDecorator & ClassDecorator {
  const rule: EnterpriseRule = options.agentKeysOnly ? 'agent_keys' : 'all';
  return SetMetadata(ENTERPRISE_RULE, rule);
}
