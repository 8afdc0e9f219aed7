import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Caller, requireAccess } from '../caller';

/** The authenticated Caller of a guarded route, e.g. for TierService.requireEnterprise. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller =>
    requireAccess(context.switchToHttp().getRequest<object>()).caller,
);
