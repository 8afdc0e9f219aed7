import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { accessOf } from '../access';
import { IDEMPOTENCY_OWNER, IdempotencyInterceptor, type IdempotencyOwner } from '../idempotency';
import { RouteAnswerInterceptor } from '../route-answer';
import { BillingInterceptor } from './billing.interceptor';
import { CreditPrecheckGuard } from './credit-precheck.guard';
import { CreditsService } from './credits.service';

/** A charged request's keys belong to the team it is charged to; an uncharged one has none. */
const chargedTeam: IdempotencyOwner = (request) => {
  const access = accessOf(request);
  return access?.billed ? access.caller.teamId : null;
};

/**
 * Credits, charges and what protects them (docs/access.md, "Credits" and "Idempotent
 * retries"): the pre-check guard, the billing interceptor and the idempotency interceptor
 * @BilledMatches() attaches. Global so billed controllers in any feature resolve them. Import
 * it after AccessModule: its guard must run after AccessGuard (global guards run in the order
 * their modules were registered).
 */
@Global()
@Module({
  providers: [
    CreditsService,
    BillingInterceptor,
    IdempotencyInterceptor,
    RouteAnswerInterceptor,
    { provide: IDEMPOTENCY_OWNER, useValue: chargedTeam },
    { provide: APP_GUARD, useClass: CreditPrecheckGuard },
  ],
  // The owner too: Nest builds an interceptor in the module of each controller that uses it.
  exports: [
    CreditsService,
    BillingInterceptor,
    IdempotencyInterceptor,
    RouteAnswerInterceptor,
    IDEMPOTENCY_OWNER,
  ],
})
export class BillingModule {}
