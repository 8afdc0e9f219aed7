import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_OFFSET, MAX_PAGE_SIZE } from '@app/contracts';
import { ShapingParamsDto } from '../../shaping';

/** Rows per page when `limit` is omitted (SPEC.md: "default: not shown"). */
export const DEFAULT_SEARCH_LIMIT = 10;

/** Paging of search and discovery (SPEC.md Limits: limit 1–100, offset 0–10000), with shaping. */
export class PageParamsDto extends ShapingParamsDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_SEARCH_LIMIT })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_OFFSET,
    default: 0,
    description:
      'Rows to skip; ordering is deterministic within a build, so pages never overlap or skip rows.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset?: number;
}
