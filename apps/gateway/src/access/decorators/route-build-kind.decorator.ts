import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { BuildKind } from '@app/contracts';
import { buildKindOf, scopeOf } from '../scope';

/** The build a request reads, from the route it came in on: `sandbox` under /sandbox/, else `live`. */
export const RouteBuildKind = createParamDecorator((_data: unknown, context: ExecutionContext): BuildKind =>
  buildKindOf(scopeOf(context.switchToHttp().getRequest<FastifyRequest>())),
);
