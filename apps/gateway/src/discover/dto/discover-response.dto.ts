import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DISCOVERY_FALLBACK_REASONS,
  type DiscoveryFallbackReason,
  type DiscoveryInterpretation,
  type DiscoveryProducer,
  type Entity,
} from '@app/contracts';
import { schemaNamed } from '../../openapi/schema-name';
import { searchResponseType } from '../../search/dto/search-response.dto';

class RecognisedPhraseDto {
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'As typed; null when a model produced the filter.',
  })
  phrase!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'As read, typos corrected.' })
  read!: string | null;

  @ApiProperty({ description: 'The SQL condition it became.' })
  condition!: string;
}

class UnsupportedPhraseDto {
  @ApiProperty()
  phrase!: string;

  @ApiProperty()
  reason!: string;
}

class NotInBuildDto {
  @ApiProperty()
  field!: string;

  @ApiProperty()
  value!: string;
}

export class DiscoveryInterpretationDto implements DiscoveryInterpretation {
  @ApiProperty({ enum: ['parser', 'model'] satisfies DiscoveryProducer[] })
  produced_by!: DiscoveryProducer;

  @ApiProperty({ type: [RecognisedPhraseDto] })
  recognised!: RecognisedPhraseDto[];

  @ApiProperty({
    type: [UnsupportedPhraseDto],
    description: 'Understood but not searchable for this entity.',
  })
  unsupported!: UnsupportedPhraseDto[];

  @ApiProperty({ type: [String], description: 'Words not understood, as typed.' })
  ignored!: string[];

  @ApiProperty({
    type: [NotInBuildDto],
    description: 'Values the query names that the served build does not store.',
  })
  not_in_build!: NotInBuildDto[];

  @ApiPropertyOptional({
    enum: DISCOVERY_FALLBACK_REASONS,
    description: "Why the model's answer was not used.",
  })
  fallback_reason?: DiscoveryFallbackReason;
}

/** Search's answer plus what the description became and how it was read. */
function discoverResponseType(entity: Entity, name: string) {
  class Response extends searchResponseType(entity, name) {
    @ApiProperty({ description: 'The SQL-subset query the description became.' })
    generated_query!: string;

    @ApiProperty({ type: DiscoveryInterpretationDto })
    interpretation!: DiscoveryInterpretationDto;
  }
  return schemaNamed(Response, `${name}Response`);
}

export const PERSON_DISCOVER_RESPONSE = discoverResponseType('person', 'PersonDiscover');
export const COMPANY_DISCOVER_RESPONSE = discoverResponseType('company', 'CompanyDiscover');
