import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { IS_AGENT_TOKEN, Public } from '../access';
import { AgentTokenGuard } from './agent-token.guard';

/** The OpenAPI security scheme of agents' access tokens (registered in openapi.ts). */
export const AGENT_TOKEN_SCHEME = 'agent-token';

/**
 * A route an agent calls with `Authorization: Bearer <access token>` instead of an API key:
 * public for the global API-key guard (no key, scope, tier or credit check), then AgentTokenGuard
 * verifies the token and applies the route's @RateLimit() per agent. Documents the scheme and
 * the statuses that guard answers; documentRoutePolicies adds the X-RateLimit-* headers.
 */
export function AgentTokenAuth(): MethodDecorator {
  return applyDecorators(
    Public(),
    SetMetadata(IS_AGENT_TOKEN, true),
    UseGuards(AgentTokenGuard),
    ApiBearerAuth(AGENT_TOKEN_SCHEME),
    ApiResponse({
      status: 401,
      description:
        '`invalid_token`: the Authorization header is missing or not `Bearer <token>`, or the token is ' +
        'expired, not signed by the sign-in service, meant for another audience or issuer, or its agent ' +
        'is unknown or was disconnected. Exchange a new assertion for a token, or sign in again.',
    }),
    ApiResponse({
      status: 429,
      description:
        '`rate_limited` (per agent), with Retry-After and X-RateLimit-Limit, -Remaining, -Reset headers.',
    }),
    ApiResponse({
      status: 503,
      description:
        '`service_unavailable`: the token cannot be checked because the sign-in service did not answer.',
    }),
  ) as MethodDecorator;
}
