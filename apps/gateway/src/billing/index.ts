export { type Billable } from './billable';
export { BilledMatches } from './billed-matches.decorator';
export { documentBilledRoutes } from './billing-docs';
export { chargeOf } from './charged';
export { BillingModule } from './billing.module';
export { CREDITS_CHARGED_HEADER, CREDITS_REMAINING_HEADER, KEY_CAP_REMAINING_HEADER } from './credit-headers';
export { CreditsService } from './credits.service';
