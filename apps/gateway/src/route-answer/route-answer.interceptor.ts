import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';
import { RouteAnswer } from './route-answer';

/** The HTTP side of a RouteAnswer: its headers on the reply, its body onward (to shaping, then out). */
@Injectable()
export class RouteAnswerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof RouteAnswer)) return result;
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        for (const [name, value] of Object.entries(result.headers)) void reply.header(name, value);
        return result.body;
      }),
    );
  }
}
