import { IsIn, IsInt, Max, Min } from 'class-validator';
import { BUILD_KINDS, BuildKind, MAX_OFFSET, MAX_PAGE_SIZE } from '@app/contracts';

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
}
