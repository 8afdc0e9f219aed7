import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_FIELD_LIST_LENGTH, toBoolean, toFieldList } from '@app/shaping';

/**
 * The response-shaping parameters of enrich, search and discover. Request DTOs extend this so
 * the global whitelisting pipe accepts them; ShapingInterceptor (via @Shaped) applies them.
 * Query strings carry booleans as "true"/"false", hence the transforms.
 */
export class ShapingParamsDto {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      'Title-case text fields (names, job titles, company names, locations, industries, skills, headlines). ' +
      'Raw spellings, ids, URLs, domains, emails, codes, enum values, dates and confidence values are left as stored.',
  })
  @IsOptional()
  @Transform(({ value }) => toBoolean(value) ?? value)
  @IsBoolean()
  titlecase?: boolean;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_FIELD_LIST_LENGTH,
    example: 'full_name,job_title,experience.title,emails.address',
    description:
      'Comma-separated field paths to return; all fields when omitted. Paths are relative to the record and ' +
      'use dots for sub-objects and arrays of objects. match_metadata is always returned.',
  })
  @IsOptional()
  @Transform(({ value }) => toFieldList(value) ?? value)
  @IsString()
  @MaxLength(MAX_FIELD_LIST_LENGTH)
  include_fields?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_FIELD_LIST_LENGTH,
    example: 'emails.hash_sha256,emails.hash_sha1,emails.hash_md5',
    description:
      'Comma-separated field paths to remove, applied after include_fields. On enrichment, ' +
      '`match_metadata.evidence` also removes the match evidence (the only match_metadata path it takes).',
  })
  @IsOptional()
  @Transform(({ value }) => toFieldList(value) ?? value)
  @IsString()
  @MaxLength(MAX_FIELD_LIST_LENGTH)
  exclude_fields?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Indent the JSON response.' })
  @IsOptional()
  @Transform(({ value }) => toBoolean(value) ?? value)
  @IsBoolean()
  pretty?: boolean;
}
