import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { BillingInterceptor } from '../billing/billing.interceptor';
import { IS_BILLED } from '../route-policy';

/**
 * One credit per returned match, charged from the key's team after the handler succeeds, with a
 * usage row; 402 before the handler when the team has no credit or its contract ended. Free under
 * /sandbox/. Write it above @Shaped() and any other interceptor decorator (checked at boot).
 */
export function Billed(): MethodDecorator {
  return applyDecorators(
    SetMetadata(IS_BILLED, true),
    UseInterceptors(BillingInterceptor),
    ApiResponse({
      status: 402,
      description:
        '`insufficient_credits` (the matches exceed the balance; nothing charged) or `contract_expired`. ' +
        'Successful responses carry X-Credits-Charged and X-Credits-Remaining.',
    }),
  );
}
