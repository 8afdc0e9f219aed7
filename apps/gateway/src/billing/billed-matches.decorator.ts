import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import type { Entity } from '@app/contracts';
import { IS_BILLED } from '../access';
import { IdempotencyInterceptor } from '../idempotency';
import { RouteAnswerInterceptor } from '../route-answer';
import { Shaped } from '../shaping';
import { BILLED_ENTITY, BillingInterceptor } from './billing.interceptor';

/**
 * A handler answering `{matches: [{<entity>}], ...}` (or a Billable, or a RouteAnswer of one): one credit per returned
 * match, charged from the key's team after the handler succeeds, with a usage row; 402 before the
 * handler when the team has no credit or its contract ended; free under /sandbox/. Its response
 * is then shaped by the request's shaping parameters (@Shaped).
 *
 * One decorator because the order matters: Nest runs a method's interceptors in the order they
 * were attached, outermost first, and billing must count the handler's own result, not the
 * string a pretty-printed body becomes, so it is attached after shaping (a billed route that ever
 * needs another interceptor writes it below this one, outside both). The OpenAPI 402 and
 * X-Credits-* entries come from the route's policy (documentRoutePolicies), so a sandbox mirror
 * does not claim them. Between shaping and billing, a RouteAnswer's headers go on the reply and
 * its body on to shaping (RouteAnswerInterceptor), after billing has read its count. Outermost of all, an `Idempotency-Key` on a charged POST replays the
 * stored response of an earlier identical request instead of running and charging again
 * (IdempotencyInterceptor): it must sit outside billing to skip it, and outside shaping to store
 * the body as sent.
 */
export function BilledMatches(entity: Entity): MethodDecorator {
  return applyDecorators(
    SetMetadata(IS_BILLED, true),
    SetMetadata(BILLED_ENTITY, entity),
    UseInterceptors(IdempotencyInterceptor),
    Shaped(entity),
    UseInterceptors(RouteAnswerInterceptor, BillingInterceptor),
  );
}
