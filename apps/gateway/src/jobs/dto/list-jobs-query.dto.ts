import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const DEFAULT_JOB_PAGE = 20;
export const MAX_JOB_PAGE = 100;

export class ListJobsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_JOB_PAGE, default: DEFAULT_JOB_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_JOB_PAGE)
  limit?: number;

  @ApiPropertyOptional({ description: 'The `next_cursor` of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
