import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  BUILD_KINDS,
  BuildKind,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  PageContinuation,
  PageCount,
  TotalCountStatus,
} from '@app/contracts';

const TOTAL_COUNT_STATUSES: readonly TotalCountStatus[] = ['exact', 'estimate', 'page'];

/** The count a walk's first page made, carried so later pages do not count again. */
export class PageCountDto implements PageCount {
  @IsInt()
  @Min(0)
  total!: number;

  @IsIn(TOTAL_COUNT_STATUSES)
  status!: TotalCountStatus;
}

/**
 * A walk's resume point as a gateway unsealed it. Gateways are peers, not guarantors: the index
 * must be an index name (the service checks it is one of this entity's and kind's builds), and
 * the point-in-time id OpenSearch's base64 (a few hundred characters per shard).
 */
export class PageContinuationDto implements PageContinuation {
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_.-]*$/)
  @MaxLength(255)
  index!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(128)
  after!: string;

  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Matches(/^[A-Za-z0-9+/=_-]+$/)
  @MaxLength(16_384)
  pit!: string | null;

  @ValidateIf((_, value) => value !== null)
  @ValidateNested()
  @Type(() => PageCountDto)
  count!: PageCountDto | null;
}

/**
 * What every search and discovery payload carries besides its query. The worker's own trust
 * boundary: gateways are peers, not guarantors of the payload.
 */
export class PageRequestDto {
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset!: number;

  @IsIn(BUILD_KINDS)
  kind!: BuildKind;

  @IsOptional()
  @ValidateNested()
  @Type(() => PageContinuationDto)
  cursor?: PageContinuationDto;
}
