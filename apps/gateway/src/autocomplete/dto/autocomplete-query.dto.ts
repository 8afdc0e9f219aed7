import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import {
  ALL_AUTOCOMPLETE_FIELDS,
  AUTOCOMPLETE_FIELDS,
  AutocompleteField,
  DEFAULT_AUTOCOMPLETE_SIZE,
  ENTITIES,
  Entity,
  MAX_AUTOCOMPLETE_SIZE,
  MAX_AUTOCOMPLETE_TEXT,
} from '@app/contracts';

/** A field the chosen entity's records hold (companies have no location, school, skill or language). */
function IsFieldOfEntity(): PropertyDecorator {
  return ValidateBy({
    name: 'isFieldOfEntity',
    validator: {
      validate: (value: unknown, args) => {
        const entity = (args?.object as { entity?: unknown }).entity ?? 'person';
        const fields: readonly unknown[] = AUTOCOMPLETE_FIELDS[entity as Entity] ?? [];
        // An unknown entity is refused on its own field.
        return !(ENTITIES as readonly unknown[]).includes(entity) || fields.includes(value);
      },
      defaultMessage: (args) => {
        const entity = ((args?.object as { entity?: Entity }).entity ?? 'person') as Entity;
        return `field must be one of ${AUTOCOMPLETE_FIELDS[entity].join(', ')} for entity ${entity}`;
      },
    },
  });
}

/** GET /autocomplete: which values, and how many. */
export class AutocompleteQueryDto {
  @ApiProperty({
    enum: ALL_AUTOCOMPLETE_FIELDS,
    example: 'title',
    description:
      'Whose values to suggest. People: company (current employer, `company_name`), title (current `job_title`), industry (`company_industry`), school (every school in their education), skill, city, state, country, language. Companies: company (`name_cleaned`) and industry.',
  })
  @IsIn(ALL_AUTOCOMPLETE_FIELDS)
  @IsFieldOfEntity()
  field!: AutocompleteField;

  @ApiPropertyOptional({
    maxLength: MAX_AUTOCOMPLETE_TEXT,
    default: '',
    example: 'eng',
    description:
      'What was typed: suggests the values that start with it, or one of whose words does ("eng" → "software engineer"), ignoring case and accents. Empty: the most frequent values. Text without a letter or digit suggests nothing.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_AUTOCOMPLETE_TEXT)
  text?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_AUTOCOMPLETE_SIZE,
    default: DEFAULT_AUTOCOMPLETE_SIZE,
    description: 'Suggestions at most.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_AUTOCOMPLETE_SIZE)
  size?: number;

  @ApiPropertyOptional({
    enum: ENTITIES,
    default: 'person',
    description: 'Whose records the values and counts come from: people, or companies.',
  })
  @IsOptional()
  @IsIn(ENTITIES)
  entity?: Entity;
}
