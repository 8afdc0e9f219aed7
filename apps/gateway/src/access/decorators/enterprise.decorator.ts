import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ENTERPRISE_RULE, EnterpriseRule } from '../route-policy';

/**
 * The route needs an enterprise-tier team: 403 `feature_not_available` otherwise. With
 * `{ agentKeysOnly: true }` only agent keys need it (search, SPEC Authentication 5).
 */
export function Enterprise(options: { agentKeysOnly?: boolean } = {}): MethodDecorator & ClassDecorator {
  const rule: EnterpriseRule = options.agentKeysOnly ? 'agent_keys' : 'all';
  return applyDecorators(
    SetMetadata(ENTERPRISE_RULE, rule),
    ApiResponse({
      status: 403,
      description:
        rule === 'all'
          ? '`feature_not_available`: enterprise-tier teams only; `forbidden`: key not allowed on this endpoint.'
          : '`feature_not_available`: agent keys need an enterprise-tier team; `forbidden`: key not allowed on this endpoint.',
    }),
  );
}
