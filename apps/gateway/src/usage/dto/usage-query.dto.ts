import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS, WINDOW_BOUND } from '../usage-window';

export const USAGE_GROUPINGS = ['day', 'endpoint', 'key'] as const;
export type UsageGroupBy = (typeof USAGE_GROUPINGS)[number];

const BOUND_FORMAT =
  'a date YYYY-MM-DD (a whole UTC day) or a timestamp with its offset, e.g. 2026-11-29T13:05:00Z';

/** The window of GET /usage and GET /usage/events (docs/usage.md, "Window"). */
export class UsageWindowQueryDto {
  @ApiPropertyOptional({
    description: `First instant included: a date is its UTC day's start. Default: ${DEFAULT_WINDOW_DAYS} days before \`to\`. At most ${MAX_WINDOW_DAYS} days before \`to\`.`,
    example: '2026-11-01',
  })
  @IsOptional()
  @IsString()
  @Matches(WINDOW_BOUND, { message: `from must be ${BOUND_FORMAT}` })
  from?: string;

  @ApiPropertyOptional({
    description:
      'End of the window: a date includes its whole UTC day (the window ends at the next midnight), a timestamp is excluded. Default: now.',
    example: '2026-11-30',
  })
  @IsOptional()
  @IsString()
  @Matches(WINDOW_BOUND, { message: `to must be ${BOUND_FORMAT}` })
  to?: string;
}

export class UsageQueryDto extends UsageWindowQueryDto {
  @ApiPropertyOptional({
    enum: USAGE_GROUPINGS,
    default: 'day',
    description: 'One group per UTC day, per endpoint name, or per API key.',
  })
  @IsOptional()
  @IsIn(USAGE_GROUPINGS)
  group_by?: UsageGroupBy;
}
