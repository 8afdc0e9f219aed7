import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Entity } from '@app/contracts';
import { accessOf, buildKindOf } from '../access';
import type { JobTarget } from './jobs.service';

/**
 * Where a job is being created: the entity of the route (`data`), the build its path reads
 * (live, or sandbox under /sandbox/), the caller, and the route's scope, which its usage rows
 * name as their endpoint.
 */
export const NewJobTarget = createParamDecorator((entity: Entity, context: ExecutionContext): JobTarget => {
  const request = context.switchToHttp().getRequest<object>();
  const access = accessOf(request);
  if (!access) throw new Error('a job route without an API key context: is it @Public()?');
  const scope = access.scope;
  return { entity, kind: buildKindOf(scope), caller: access.caller, scope };
});
