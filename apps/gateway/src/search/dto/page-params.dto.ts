import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { MAX_OFFSET, MAX_PAGE_SIZE } from '@app/contracts';
import { CURSOR_PATTERN, MAX_CURSOR_LENGTH } from '../../search-client/page-cursor';
import { ShapingParamsDto } from '../../shaping';

/** Rows per page when `limit` is omitted (SPEC.md: "default: not shown"). */
export const DEFAULT_SEARCH_LIMIT = 10;

/** A cursor resumes where its page ended; an offset as well would say where else to start. */
const WithoutOffset = (): PropertyDecorator =>
  ValidateBy({
    name: 'withoutOffset',
    validator: {
      validate: (_value, args) => (args?.object as PageParamsDto).offset === undefined,
      defaultMessage: () =>
        'send cursor or offset, not both: a cursor continues where the page that returned it ended',
    },
  });

/** Paging of search and discovery (SPEC.md Limits: limit 1–100, offset 0–10000, or a cursor), with shaping. */
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
      'Rows to skip; ordering is deterministic within a build, so pages never overlap or skip rows. Not with `cursor`.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset?: number;

  @ApiPropertyOptional({
    type: 'string',
    maxLength: MAX_CURSOR_LENGTH,
    pattern: CURSOR_PATTERN.source,
    description:
      'The `next_cursor` of the previous page, as it came, to read the next one: a walk reaches every row in svc_id order, past the offset limit, over the build it started on. Send it with the same query (and route) and not with `offset`; `limit` may change. It expires after SEARCH_CURSOR_KEEP_ALIVE_SECONDS idle (default 120; 400 `cursor_expired`), and another team, another query or an altered byte gets 400 `invalid_cursor`.',
  })
  @IsOptional()
  @IsString()
  // Its bytes are checked when it is opened: any altered one is 400 invalid_cursor, like a forged one.
  @MaxLength(MAX_CURSOR_LENGTH)
  @WithoutOffset()
  cursor?: string;
}
