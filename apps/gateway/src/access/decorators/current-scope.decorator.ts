import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { requireAccess } from '../caller';

/** The matched route's scope (`/person/enrich/jobs`): what usage rows and scopes call the endpoint. */
export const CurrentScope = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    requireAccess(context.switchToHttp().getRequest<object>()).scope,
);
