import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { IS_BILLED } from '../access';
import { IdempotencyInterceptor } from '../idempotency';
import { RouteAnswerInterceptor } from '../route-answer';
import { SHAPED_ENTITY, ShapingInterceptor } from '../shaping';
import { BilledMatches } from './billed-matches.decorator';
import { BILLED_ENTITY, BillingInterceptor } from './billing.interceptor';

class CompanyController {
  @BilledMatches('company')
  enrich() {}
}

const metadata = (key: string, handler: () => void): unknown => Reflect.getMetadata(key, handler);

describe('@BilledMatches()', () => {
  it('marks the route billed and shaped as the entity, billing inside shaping inside idempotency', () => {
    expect(metadata(IS_BILLED, CompanyController.prototype.enrich)).toBe(true);
    expect(metadata(BILLED_ENTITY, CompanyController.prototype.enrich)).toBe('company');
    expect(metadata(SHAPED_ENTITY, CompanyController.prototype.enrich)).toBe('company');
    // Nest runs a method's interceptors in this order, the first outermost.
    expect(metadata(INTERCEPTORS_METADATA, CompanyController.prototype.enrich)).toEqual([
      IdempotencyInterceptor,
      ShapingInterceptor,
      RouteAnswerInterceptor,
      BillingInterceptor,
    ]);
  });
});
