import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { IdempotencyInterceptor } from '../../idempotency/idempotency.interceptor';
import { SHAPED_ENTITY, ShapingInterceptor } from '../../shaping';
import { BillingInterceptor } from '../billing/billing.interceptor';
import { IS_BILLED } from '../route-policy';
import { BilledMatches } from './billed-matches.decorator';

class CompanyController {
  @BilledMatches('company')
  enrich() {}
}

const metadata = (key: string, handler: () => void): unknown => Reflect.getMetadata(key, handler);

describe('@BilledMatches()', () => {
  it('marks the route billed and shaped as the entity, billing inside shaping inside idempotency', () => {
    expect(metadata(IS_BILLED, CompanyController.prototype.enrich)).toBe(true);
    expect(metadata(SHAPED_ENTITY, CompanyController.prototype.enrich)).toBe('company');
    // Nest runs a method's interceptors in this order, the first outermost.
    expect(metadata(INTERCEPTORS_METADATA, CompanyController.prototype.enrich)).toEqual([
      IdempotencyInterceptor,
      ShapingInterceptor,
      BillingInterceptor,
    ]);
  });
});
