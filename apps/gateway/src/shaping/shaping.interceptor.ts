import { Entity } from '@app/contracts';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, map } from 'rxjs';
import { compileShaping, parseShapingParams, serialize } from '@app/shaping';

export const SHAPED_ENTITY = 'svc:shaped-entity';

/**
 * Applies the shaping parameters to a `{matches, ...}` response. The parameters are parsed and
 * their field paths checked before the handler runs, so a bad include_fields is answered with
 * 422 before any match is looked up or billed. Interceptors run before pipes, so this reads the
 * raw body (POST) or query string (GET) itself rather than the validated DTO.
 */
@Injectable()
export class ShapingInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const entity = this.reflector.get<Entity | undefined>(SHAPED_ENTITY, context.getHandler());
    if (!entity || context.getType() !== 'http') return next.handle();

    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const fromQuery = request.method === 'GET' || request.method === 'HEAD';
    const params = parseShapingParams(fromQuery ? request.query : request.body);
    const plan = compileShaping(entity, params);

    return next.handle().pipe(
      map((body: unknown) => {
        const shaped = plan.shapeMatches(body);
        if (!params.pretty) return shaped;
        // A string body would otherwise go out as text/plain.
        void http.getResponse<FastifyReply>().header('Content-Type', 'application/json; charset=utf-8');
        return serialize(shaped, true);
      }),
    );
  }
}
