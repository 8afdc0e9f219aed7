import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { USAGE_GROUPINGS, type UsageGroupBy } from './usage-query.dto';

export class UsageFiguresDto {
  @ApiProperty({
    type: 'integer',
    description: 'Credits charged (usage and credit ledger: what the team paid).',
  })
  credits!: number;

  @ApiProperty({ type: 'integer', description: 'Matches returned by charged calls; a miss counts 0.' })
  matches!: number;

  @ApiProperty({
    type: 'integer',
    description:
      'Authenticated API requests and MCP tool calls answered, errors and sandbox calls included (usage events).',
  })
  requests!: number;

  @ApiProperty({ type: 'integer', description: 'Of those, the answers with a status of 400 or more.' })
  errors!: number;
}

export class UsageGroupDto extends UsageFiguresDto {
  @ApiPropertyOptional({ description: 'With group_by=day: the UTC day, YYYY-MM-DD.', example: '2026-11-29' })
  day?: string;

  @ApiPropertyOptional({
    description:
      'With group_by=endpoint: the endpoint name (person_enrich, sandbox_person_search, mcp:search_people, …).',
    example: 'person_enrich',
  })
  endpoint?: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description: 'With group_by=key: the API key id; null for calls of a key since deleted.',
  })
  key_id?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "With group_by=key: the key's prefix (its non-secret start).",
  })
  key_prefix?: string | null;
}

export class UsageDto {
  @ApiProperty({
    description: 'First instant included (ISO 8601, UTC).',
    example: '2026-11-01T00:00:00.000Z',
  })
  from!: string;

  @ApiProperty({
    description: 'End of the window, excluded (ISO 8601, UTC).',
    example: '2026-12-01T00:00:00.000Z',
  })
  to!: string;

  @ApiProperty({ enum: USAGE_GROUPINGS })
  group_by!: UsageGroupBy;

  @ApiProperty({
    type: [UsageGroupDto],
    description: 'Only groups with a request or a charge; days in order, endpoints by name, keys by id.',
  })
  groups!: UsageGroupDto[];

  @ApiProperty({ type: UsageFiguresDto, description: 'The sum of the groups.' })
  total!: UsageFiguresDto;
}
