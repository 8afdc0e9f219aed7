import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CONFIDENCE_VALUES, type Confidence } from '@app/contracts';
import { MAX_REQUIRED_FIELDS_LENGTH } from '@app/matching';
import { toBoolean, toFieldList } from '@app/shaping';
import { ShapingParamsDto } from '../../shaping';

/** SPEC.md: "result count … 1 to 10, default 2, applies when multiple_results is true". */
export const DEFAULT_RESULT_SIZE = 2;
export const MAX_RESULT_SIZE = 10;

/** A query-string number ("3") becomes a number; anything else is left for the validators to refuse. */
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : value;

/** Result options shared by person and company enrichment (body or GET query string). */
export class EnrichOptionsDto extends ShapingParamsDto {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      'Return up to `size` matches sorted by confidence. Enterprise-tier teams only (else 403 feature_not_available); each match costs a credit.',
  })
  @IsOptional()
  @Transform(({ value }) => toBoolean(value) ?? value)
  @IsBoolean()
  multiple_results?: boolean;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_RESULT_SIZE,
    default: DEFAULT_RESULT_SIZE,
    description: "How many matches to return at most when multiple_results is true (SPEC.md's result count).",
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(MAX_RESULT_SIZE)
  size?: number;

  @ApiPropertyOptional({ enum: CONFIDENCE_VALUES, description: 'Drop matches below this confidence.' })
  @IsOptional()
  @IsIn(CONFIDENCE_VALUES)
  min_confidence?: Confidence;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_REQUIRED_FIELDS_LENGTH,
    example: 'work_email,phones.type:mobile,socials.network:github',
    description:
      'Comma-separated; a match lacking any is dropped. `field` (non-empty), `list.subfield` (some element has it), ' +
      '`list.subfield:value` (some element equals it). Unknown fields or values outside a closed list: 400 invalid_request.',
  })
  @IsOptional()
  @Transform(({ value }) => toFieldList(value) ?? value)
  @IsString()
  @MaxLength(MAX_REQUIRED_FIELDS_LENGTH)
  required_fields?: string;
}
