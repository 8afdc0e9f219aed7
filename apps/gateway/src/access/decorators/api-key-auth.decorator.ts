import { applyDecorators } from '@nestjs/common';
import { ApiResponse, ApiSecurity } from '@nestjs/swagger';

/** The 403 every guarded route can answer; documentRoutePolicies adds the route's other reasons to it. */
export const FORBIDDEN_DESCRIPTION = '`forbidden`: this key is limited to other endpoints.';

/**
 * OpenAPI for a controller behind the global AccessGuard: the API-Key scheme and the statuses
 * every guarded route can answer. The guard itself is global, so this only documents it.
 */
export function ApiKeyAuth(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    ApiSecurity('API-Key'),
    ApiResponse({
      status: 401,
      description: '`unauthorized`: API-Key header missing, malformed, unknown or revoked.',
    }),
    ApiResponse({ status: 403, description: FORBIDDEN_DESCRIPTION }),
    ApiResponse({
      status: 429,
      description: '`rate_limited`, with Retry-After and X-RateLimit-Limit, -Remaining, -Reset headers.',
    }),
  ) as ClassDecorator & MethodDecorator;
}
