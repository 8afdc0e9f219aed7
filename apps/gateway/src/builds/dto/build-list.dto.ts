import { ApiProperty } from '@nestjs/swagger';

export class BuildDto {
  @ApiProperty({ description: 'The build id, `<version>_<date>`.', example: '1.1.0_2026-12-02' })
  build!: string;

  @ApiProperty({ description: 'Whether this build is the one the endpoints serve.' })
  active!: boolean;

  @ApiProperty({ description: 'Person records in the build.', example: 9 })
  people!: number;

  @ApiProperty({ description: 'Company records in the build.', example: 3 })
  companies!: number;

  @ApiProperty({
    description: 'When its load began (ISO 8601).',
    example: '2026-12-02T10:00:00.000Z',
  })
  loaded_at!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When it last became the active build (ISO 8601); null if it never served.',
    example: '2026-12-02T10:05:00.000Z',
  })
  activated_at!: string | null;
}

export class BuildListDto {
  @ApiProperty({
    type: [BuildDto],
    description: 'The stored (ready) builds of this kind, newest first; at most 1,000.',
  })
  builds!: BuildDto[];
}
