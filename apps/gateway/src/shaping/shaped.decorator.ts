import { Entity } from '@app/contracts';
import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';

import { SHAPED_ENTITY, ShapingInterceptor } from './shaping.interceptor';

/**
 * Marks an enrich/search/discover handler whose `{matches: [{<entity>}], ...}` response is
 * shaped by the request's titlecase/include_fields/exclude_fields/pretty. Method-only: put on
 * a class as well, the interceptor would run twice and serialize a pretty body twice.
 */
export function Shaped(entity: Entity): MethodDecorator {
  return applyDecorators(SetMetadata(SHAPED_ENTITY, entity), UseInterceptors(ShapingInterceptor));
}
