import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsOptional } from 'class-validator';
import { ShapingParamsDto } from '../../shaping';
import { CompanyEnrichDto } from './company-enrich.dto';
import { PersonEnrichDto } from './person-enrich.dto';

export const MAX_BULK_REQUESTS = 100;

/**
 * A bulk body: up to 100 requests, each one a single-enrich body plus an optional `metadata`
 * object echoed back. Items are validated one by one (a bad item fails alone); the shaping
 * parameters here are defaults for every item, and `pretty` formats the whole response.
 */
export class BulkEnrichDto extends ShapingParamsDto {
  @ApiProperty({ type: 'array', items: { type: 'object' }, minItems: 1, maxItems: MAX_BULK_REQUESTS })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BULK_REQUESTS)
  @IsObject({ each: true, message: 'each element of requests must be a JSON object' })
  requests!: Record<string, unknown>[];
}

const Metadata = (): PropertyDecorator => (target, key) => {
  ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "Echoed back unchanged in the item's result.",
  })(target, key);
  IsOptional()(target, key);
  IsObject()(target, key);
};

export class PersonBulkItemDto extends PersonEnrichDto {
  @Metadata()
  metadata?: Record<string, unknown>;
}

export class CompanyBulkItemDto extends CompanyEnrichDto {
  @Metadata()
  metadata?: Record<string, unknown>;
}
