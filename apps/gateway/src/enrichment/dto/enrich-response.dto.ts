import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONFIDENCE_VALUES, type Confidence, type Entity } from '@app/contracts';
import { EVIDENCE_OUTCOMES, type EvidenceOutcome, type MatchEvidence } from '@app/matching';
import { ApiRecordProperty } from '../../openapi/record-schemas';
import { schemaNamed } from '../../openapi/schema-name';
import { ErrorResponse } from '../../openapi/error-response';
import type { MatchMetadata } from '../enrich-results';

export class MatchEvidenceDto implements MatchEvidence {
  @ApiProperty({
    description:
      'The request field the comparison read (the first of them when it read several: `address` for its parts, `full_name` for the names it gave).',
    example: 'email',
  })
  field!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The comparison made (person: email, first_name, last_name, name_order, location_city, company, birth_year…; company: domain, name, ticker…); null when the record holds no value to compare.',
    example: 'email',
  })
  comparison!: string | null;

  @ApiProperty({
    enum: EVIDENCE_OUTCOMES,
    description:
      'agreed (at `level`), disagreed (the level counts against the match), or unknown (given, but the record holds no value to compare: weight 0).',
  })
  outcome!: EvidenceOutcome;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The agreement level reached (exact, nickname, close, past, disagree…); null when unknown.',
    example: 'agree',
  })
  level!: string | null;

  @ApiProperty({
    description:
      'Bits this comparison added to the match weight: log2(m/u), term-frequency adjusted as scored, rounded to 2 decimals. The weights sum to the match weight (docs/enrichment.md, Evidence).',
    example: 29.16,
  })
  weight!: number;
}

export class MatchMetadataDto implements MatchMetadata {
  @ApiProperty({ type: [String], description: 'The input fields the match was made on.' })
  matched_on!: string[];

  @ApiProperty({ description: 'How the match was made, e.g. `exact`.' })
  match_type!: string;

  @ApiProperty({ enum: CONFIDENCE_VALUES })
  match_confidence!: Confidence;

  @ApiProperty({
    type: [MatchEvidenceDto],
    // Always sent, unless the caller excluded it.
    required: false,
    description:
      'Why the record was returned at its confidence: per compared field, what was compared and how it counted, in request field order. `exclude_fields=match_metadata.evidence` leaves it out.',
  })
  evidence!: MatchEvidenceDto[];
}

/** The response classes of one entity's enrichment; named per entity, as generated clients name types. */
export interface EnrichResponseTypes {
  match: Type<unknown>;
  response: Type<unknown>;
  bulk: Type<unknown>;
}

function enrichResponseTypes(entity: Entity): EnrichResponseTypes {
  const Entity = entity === 'person' ? 'Person' : 'Company';
  class Match {
    @ApiRecordProperty(entity)
    [entity]!: Record<string, unknown>;

    @ApiProperty({ type: MatchMetadataDto })
    match_metadata!: MatchMetadataDto;
  }
  schemaNamed(Match, `${Entity}EnrichMatch`);

  class Response {
    @ApiProperty({ type: [Match], description: 'Best first; one unless multiple_results.' })
    matches!: Match[];

    @ApiProperty({
      type: 'integer',
      description: 'Matches found that passed min_confidence and required_fields; may exceed those returned.',
    })
    total!: number;
  }
  schemaNamed(Response, `${Entity}EnrichResponse`);

  class BulkItem {
    @ApiProperty({
      type: 'integer',
      description:
        "The item's own outcome: 200 matched, 404 no match, else what the single call would answer.",
    })
    status!: number;

    @ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: "The item's metadata, echoed.",
    })
    metadata?: Record<string, unknown>;

    @ApiPropertyOptional({ type: [Match] })
    matches?: Match[];

    @ApiPropertyOptional({ type: 'integer' })
    total?: number;

    @ApiPropertyOptional({ type: ErrorResponse, description: 'Why the item failed, when it did.' })
    error?: ErrorResponse;
  }
  schemaNamed(BulkItem, `${Entity}BulkItemResult`);

  class Bulk {
    @ApiProperty({ type: [BulkItem], description: 'One per request, in request order.' })
    results!: BulkItem[];
  }
  schemaNamed(Bulk, `${Entity}BulkResponse`);
  return { match: Match, response: Response, bulk: Bulk };
}

export const PERSON_ENRICH_RESPONSES = enrichResponseTypes('person');
export const COMPANY_ENRICH_RESPONSES = enrichResponseTypes('company');
