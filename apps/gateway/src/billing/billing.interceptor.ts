import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeMap, Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@app/config';
import type { Entity } from '@app/contracts';
import type { AccessedRecords } from '@app/store';
import { accessOf, type RequestAccess } from '../access';
import { accessEndpoint, returnedIds } from '../access-log';
import { claimedIdempotencyKeyOf } from '../idempotency';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { billableCount } from './billable';
import { noteCharge } from './charged';
import { CREDITS_CHARGED_HEADER, CREDITS_REMAINING_HEADER, KEY_CAP_REMAINING_HEADER } from './credit-headers';
import { CreditsService } from './credits.service';

/** The entity a @BilledMatches() route charges for, for the charged-credits metric. */
export const BILLED_ENTITY = 'svc:billing:entity';

/**
 * Charges a @BilledMatches() handler's result: one credit per match, with the usage row, then the
 * X-Credits-* headers. It runs inside the shaping interceptor (the decorator attaches both, in
 * that order) so it counts what the handler returned, not a shaped or serialized body. Requests
 * the route's policy does not bill (the sandbox) pass through. The records it returns go to the
 * access log in the same statement as the charge (ACCESS_LOG, docs/access-log.md): every HTTP
 * route and MCP tool that returns records to a paying caller passes here.
 */
@Injectable()
export class BillingInterceptor implements NestInterceptor {
  private readonly logAccess: boolean;

  constructor(
    private readonly credits: CreditsService,
    private readonly metrics: GatewayMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.logAccess = config.accessLog.enabled;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const access = accessOf(request);
    if (!access?.billed) return next.handle();
    const reply = http.getResponse<FastifyReply>();
    const where = `${context.getClass().name}.${context.getHandler().name}`;
    const entity = Reflect.getMetadata(BILLED_ENTITY, context.getHandler()) as Entity;
    return next
      .handle()
      .pipe(mergeMap((body: unknown) => this.bill(body, access, request, reply, where, entity)));
  }

  private async bill(
    result: unknown,
    access: RequestAccess,
    request: FastifyRequest,
    reply: FastifyReply,
    where: string,
    entity: Entity,
  ): Promise<unknown> {
    const count = billableCount(result);
    if (count === null)
      throw new Error(
        `@BilledMatches() handler ${where} returned no {matches} array, Billable or RouteAnswer`,
      );
    if (count.free) {
      void reply.header(CREDITS_CHARGED_HEADER, '0');
      return result;
    }
    const charge = await this.credits.charge({
      caller: access.caller,
      endpoint: access.scope,
      requestId: String(request.id),
      idempotencyKey: claimedIdempotencyKeyOf(request),
      matches: count.matches,
      accessed: this.accessed(result, access, entity, count.matches),
    });
    this.metrics.charged(entity, charge.charged);
    noteCharge(request, { credits: charge.charged, chargeId: charge.chargeId });
    void reply.header(CREDITS_CHARGED_HEADER, String(charge.charged));
    void reply.header(CREDITS_REMAINING_HEADER, String(charge.remaining));
    if (charge.capLeft !== null) void reply.header(KEY_CAP_REMAINING_HEADER, String(charge.capLeft));
    return result;
  }

  private accessed(
    result: unknown,
    access: RequestAccess,
    entity: Entity,
    matches: number,
  ): AccessedRecords | null {
    if (!this.logAccess || matches === 0) return null;
    return { entity, endpoint: accessEndpoint(access.scope), svcIds: returnedIds(result, entity) };
  }
}
