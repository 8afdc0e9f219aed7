import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ShapingParamsDto } from '../../shaping';

/** Rows per page when `limit` is omitted (SPEC.md: "default: not shown"). */
export const DEFAULT_SEARCH_LIMIT = 10;

export class SearchBodyDto extends ShapingParamsDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 10000,
    example: "SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = 'san francisco'",
    description: 'A `SELECT * FROM people|companies WHERE …` statement of the SQL subset; no LIMIT or OFFSET.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(10000)
  query!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: DEFAULT_SEARCH_LIMIT })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 10000, default: 0, description: 'Rows to skip; stable within a build.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10000)
  offset?: number;
}
