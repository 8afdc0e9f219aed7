import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateBy } from 'class-validator';
import {
  BUILD_VERSION_PATTERN,
  DEFAULT_CHANGES_PAGE_SIZE,
  ENTITIES,
  type Entity,
  isBuildVersion,
  MAX_CHANGES_PAGE_SIZE,
} from '@app/contracts';

/** A build name as data:load writes it (and data:changes takes it), its date a real one. */
function IsBuildName(): PropertyDecorator {
  return ValidateBy({
    name: 'isBuildName',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isBuildVersion(value),
      defaultMessage: (args) =>
        `${args?.property} must look like 1.0.0_2026-11-21 (<major>.<minor>.<patch>_<YYYY-MM-DD>)`,
    },
  });
}

/** A query-string number ("25") becomes a number; anything else is left for the validators to refuse. */
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : value;

const build = (which: string, example: string) => ({
  description: `The ${which} build (see GET /builds), \`<major>.<minor>.<patch>_<YYYY-MM-DD>\`.`,
  pattern: BUILD_VERSION_PATTERN.source,
  example,
});

/** GET /builds/changes: which changelog, and where in it. */
export class BuildChangesQueryDto {
  @ApiProperty(build('earlier', '1.0.0_2026-12-01'))
  @IsBuildName()
  from!: string;

  @ApiProperty(build('later', '1.1.0_2026-12-08'))
  @IsBuildName()
  to!: string;

  @ApiPropertyOptional({ enum: ENTITIES, default: 'person', description: 'Whose records to compare.' })
  @IsOptional()
  @IsIn(ENTITIES)
  entity?: Entity;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_CHANGES_PAGE_SIZE,
    default: DEFAULT_CHANGES_PAGE_SIZE,
    description: 'Changes per page at most (a page may hold fewer and not be the last: see next_cursor).',
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(MAX_CHANGES_PAGE_SIZE)
  size?: number;

  @ApiPropertyOptional({
    description:
      'next_cursor of the previous page, as it came; only with the same path, from, to and entity. Omit it for the first page.',
  })
  @IsOptional()
  @IsString()
  cursor?: string;
}
