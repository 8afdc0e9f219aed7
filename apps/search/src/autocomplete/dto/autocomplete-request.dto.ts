import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  ALL_AUTOCOMPLETE_FIELDS,
  AutocompleteField,
  AutocompleteRequest,
  BUILD_KINDS,
  BuildKind,
  ENTITIES,
  Entity,
  MAX_AUTOCOMPLETE_SIZE,
  MAX_AUTOCOMPLETE_TEXT,
} from '@app/contracts';

export class AutocompleteRequestDto implements AutocompleteRequest {
  @IsIn(ENTITIES)
  entity!: Entity;

  @IsIn(ALL_AUTOCOMPLETE_FIELDS)
  field!: AutocompleteField;

  @IsString()
  @MaxLength(MAX_AUTOCOMPLETE_TEXT)
  text!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_AUTOCOMPLETE_SIZE)
  size!: number;

  @IsIn(BUILD_KINDS)
  kind!: BuildKind;
}
