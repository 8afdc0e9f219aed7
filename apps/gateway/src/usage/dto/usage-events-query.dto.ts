import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { UsageWindowQueryDto } from './usage-query.dto';

export const DEFAULT_EVENTS_PAGE = 100;
export const MAX_EVENTS_PAGE = 1000;

export class UsageEventsQueryDto extends UsageWindowQueryDto {
  @ApiPropertyOptional({
    description: 'Only this endpoint name (as events and GET /usage?group_by=endpoint name it).',
    example: 'person_enrich',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9_:]+$/, {
    message: 'endpoint must be an endpoint name such as person_enrich or mcp:search_people',
  })
  endpoint?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'Only the requests of this API key (its id).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  key_id?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_EVENTS_PAGE,
    default: DEFAULT_EVENTS_PAGE,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_EVENTS_PAGE)
  limit?: number;

  @ApiPropertyOptional({
    description: 'The `next_cursor` of the previous page; the other parameters unchanged or left out.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  cursor?: string;
}
