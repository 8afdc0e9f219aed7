import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { BUILD_KINDS, RESULT_SETS, ResultSet, BuildKind, SearchRequest } from '@app/contracts';

/** The worker's own trust boundary: gateways are peers, not guarantors of the payload. */
export class SearchRequestDto implements SearchRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(10000)
  query!: string;

  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(10000)
  offset!: number;

  @IsIn(BUILD_KINDS)
  kind!: BuildKind;

  @IsOptional()
  @IsIn(RESULT_SETS)
  result_set?: ResultSet;
}
