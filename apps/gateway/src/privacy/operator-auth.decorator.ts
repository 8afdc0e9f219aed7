import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { Public } from '../access';
import { OperatorGuard } from './operator.guard';

/** The OpenAPI security scheme of the operator token (registered in openapi.ts). */
export const OPERATOR_TOKEN_SCHEME = 'operator-token';

/**
 * A route for the service's operator, not its API users: public for the API-key guard (no key,
 * scope, tier, credit or rate-limit check: it bills nothing and no team owns it), then
 * OperatorGuard wants the operator token.
 */
export function OperatorAuth(): MethodDecorator {
  return applyDecorators(
    Public(),
    UseGuards(OperatorGuard),
    ApiBearerAuth(OPERATOR_TOKEN_SCHEME),
    ApiResponse({
      status: 401,
      description: '`unauthorized`: no `Authorization: Bearer <OPERATOR_TOKEN>`, or the wrong token.',
    }),
    ApiResponse({ status: 403, description: '`forbidden`: OPERATOR_TOKEN is not set on this gateway.' }),
  ) as MethodDecorator;
}
