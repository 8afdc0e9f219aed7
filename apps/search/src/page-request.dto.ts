import { IsIn, IsInt, Max, Min } from 'class-validator';
import { BUILD_KINDS, BuildKind } from '@app/contracts';

/**
 * What every search and discovery payload carries besides its query. The worker's own trust
 * boundary: gateways are peers, not guarantors of the payload.
 */
export class PageRequestDto {
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
}
