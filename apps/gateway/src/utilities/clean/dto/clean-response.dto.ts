import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

export class OrganizationValueDto {
  @ApiProperty({ example: 'tessellate cloud' })
  name!: string;

  @ApiProperty({
    enum: ['name', 'domain', 'social_url'],
    description:
      '`name`: a cleaned name; `domain`: a registrable domain; `social_url`: a canonical page URL.',
  })
  type!: 'name' | 'domain' | 'social_url';
}

export class CleanResultDto {
  @ApiProperty({ description: 'The value as sent.' })
  original!: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { $ref: getSchemaPath(OrganizationValueDto) }],
    description:
      'The canonical value; `{name, type}` for company and school. When `normalized` is false: the input with ' +
      'its whitespace normalized (same shape).',
  })
  cleaned!: string | OrganizationValueDto;

  @ApiProperty({
    description:
      'True when `cleaned` is the canonical form (whether or not it differs from the input); false when the ' +
      'value could not be recognized, with `reason` saying why.',
  })
  normalized!: boolean;

  @ApiPropertyOptional({
    example: 'invalid_number',
    description: 'Why the value was not normalized (only when false).',
  })
  reason?: string;
}

export class CleanResponseDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(CleanResultDto) },
    description: 'One entry per requested field.',
  })
  results!: Record<string, CleanResultDto>;
}
