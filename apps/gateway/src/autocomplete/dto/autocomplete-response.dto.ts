import { ApiProperty } from '@nestjs/swagger';
import { ALL_AUTOCOMPLETE_FIELDS, type AutocompleteField, ENTITIES, type Entity } from '@app/contracts';

export class AutocompleteSuggestionDto {
  @ApiProperty({
    example: 'software engineer',
    description: 'The value as stored (lowercase): use it as it is in a search filter (`=`).',
  })
  value!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 48213,
    description: 'Records of the served build holding the value; a record holding it twice counts once.',
  })
  count!: number;
}

export class AutocompleteResponseDto {
  @ApiProperty({ enum: ENTITIES })
  entity!: Entity;

  @ApiProperty({ enum: ALL_AUTOCOMPLETE_FIELDS })
  field!: AutocompleteField;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'job_title',
    description:
      'The search column the values filter on (`WHERE <column> = <value>`); null for a field search has no column for (school).',
  })
  column!: string | null;

  @ApiProperty({
    type: [AutocompleteSuggestionDto],
    description: 'Most frequent first (ties by value); at most `size`, none when nothing matches.',
  })
  suggestions!: AutocompleteSuggestionDto[];
}
