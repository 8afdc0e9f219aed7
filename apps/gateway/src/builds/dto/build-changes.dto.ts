import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ENTITIES, type Entity } from '@app/contracts';
import type { ChangeKind } from '@app/store';

const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'deleted', 'updated'];

export class BuildChangeDto {
  @ApiProperty({ format: 'uuid', example: '0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3' })
  svc_id!: string;

  @ApiProperty({
    enum: CHANGE_KINDS,
    description:
      '`added`: only in `to`; `deleted`: only in `from`; `updated`: in both, a top-level field differs.',
  })
  change!: ChangeKind;

  @ApiPropertyOptional({
    type: [String],
    example: ['num_sources', 'last_seen'],
    description:
      'Only on `updated`: the top-level fields whose values differ, in the record field order; `build_version` never counts.',
  })
  fields_updated?: string[];
}

export class BuildChangesDto {
  @ApiProperty({ example: '1.0.0_2026-12-01' })
  from!: string;

  @ApiProperty({ example: '1.1.0_2026-12-08' })
  to!: string;

  @ApiProperty({ enum: ENTITIES })
  entity!: Entity;

  @ApiProperty({
    type: [BuildChangeDto],
    description:
      'This page of the changes, in svc_id order; at most `size`, possibly fewer (even none) on a page that is not the last.',
  })
  changes!: BuildChangeDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Pass it as `cursor` (with the same path, from, to and entity) for the next page; null when this page ends the changelog.',
  })
  next_cursor!: string | null;
}
