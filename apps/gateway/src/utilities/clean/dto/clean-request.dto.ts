import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmptyObject, IsObject, IsOptional, IsString } from 'class-validator';
import { CLEAN_FIELDS } from '@app/normalize';
import { IsCountryCode } from '../../country-code.validator';

export const MAX_CLEAN_VALUE_LENGTH = 1000;

export class CleanRequestDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: MAX_CLEAN_VALUE_LENGTH },
    description:
      `Field name → value to clean. Supported fields: ${CLEAN_FIELDS.join(', ')}. ` +
      `Each value is a string of at most ${MAX_CLEAN_VALUE_LENGTH} characters; an unsupported field name is a 400.`,
    example: { phone: '(415) 555-0173', company: 'Tessellate Cloud, Inc.', state: 'Calif.' },
  })
  @IsObject()
  @IsNotEmptyObject({ nullable: false }, { message: 'fields must name at least one field' })
  fields!: Record<string, unknown>;

  @ApiPropertyOptional({
    type: String,
    default: 'US',
    example: 'GB',
    description:
      'ISO 3166-1 alpha-2 region (any case) for phone numbers written without a country code and for bare state codes.',
  })
  @IsOptional()
  @IsString()
  @IsCountryCode()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  default_region?: string;
}
