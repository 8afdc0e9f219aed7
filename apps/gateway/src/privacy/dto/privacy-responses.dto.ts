import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type LiftResult,
  SUPPRESSED_KINDS,
  type SubjectBuild,
  type SubjectPerson,
  type SubjectReport,
  type SubjectSuppression,
  type SuppressedKind,
  type SuppressionResult,
  type SuppressionSummary,
} from '@app/privacy';
import type { Broadcast } from '../privacy.service';

const timestamp = { type: 'string', format: 'date-time' } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

class SuppressedIdentifiersDto implements Record<SuppressedKind, number> {
  @ApiProperty({ type: 'integer' })
  email!: number;

  @ApiProperty({ type: 'integer' })
  phone!: number;

  @ApiProperty({ type: 'integer' })
  social_url!: number;
}

/** A suppression as a subject report lists it. */
export class SubjectSuppressionDto implements SubjectSuppression {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty(timestamp)
  created_at!: string;

  @ApiProperty({ type: 'string', nullable: true })
  reason!: string | null;

  @ApiProperty({ ...timestamp, nullable: true })
  lifted_at!: string | null;
}

export class SuppressionSummaryDto extends SubjectSuppressionDto implements SuppressionSummary {
  @ApiProperty({
    type: SuppressedIdentifiersDto,
    description: `How many identifiers of each kind (${SUPPRESSED_KINDS.join(', ')}) it keeps, as hashes.`,
  })
  identifiers!: SuppressedIdentifiersDto;

  @ApiProperty({ type: [String], description: 'The people it removed or named by svc_id.' })
  svc_ids!: string[];
}

const BROADCAST = {
  type: 'string',
  description:
    '`sent`, or `failed: <reason>` when the other gateways could not be told (they learn within 2 s).',
} as const;

class RemovedInBuildDto {
  @ApiProperty()
  build_id!: string;

  @ApiProperty({ type: 'integer' })
  records!: number;
}

export class SuppressionResultDto extends SuppressionSummaryDto implements SuppressionResult, Broadcast {
  @ApiProperty({ type: 'integer', description: 'Identifiers that named nobody in the served build.' })
  unresolved!: number;

  @ApiProperty({ type: [RemovedInBuildDto], description: 'Records removed now, per live build.' })
  removed!: RemovedInBuildDto[];

  @ApiProperty(BROADCAST)
  broadcast!: Broadcast['broadcast'];
}

export class LiftResultDto extends SuppressionSummaryDto implements LiftResult, Broadcast {
  @ApiProperty({ type: [String], description: 'People served again from the next load on.' })
  released!: string[];

  @ApiProperty(BROADCAST)
  broadcast!: Broadcast['broadcast'];
}

export class SuppressionListDto {
  @ApiProperty({ type: [SuppressionSummaryDto] })
  suppressions!: SuppressionSummaryDto[];
}

class SubjectBuildDto implements SubjectBuild {
  @ApiProperty()
  build_id!: string;

  @ApiProperty({ enum: ['held', 'removed'] })
  status!: 'held' | 'removed';

  @ApiProperty({ type: 'boolean', nullable: true })
  is_active!: boolean | null;

  @ApiProperty({ ...timestamp, nullable: true })
  removed_at!: string | null;
}

class SubjectPersonDto implements Omit<SubjectPerson, 'recipients' | 'access_log'> {
  @ApiProperty()
  svc_id!: string;

  @ApiPropertyOptional({
    ...anyObject,
    nullable: true,
    description: 'The record as the live API serves it now; null when no served record holds this svc_id.',
  })
  record!: unknown;

  @ApiProperty()
  suppressed!: boolean;

  @ApiProperty({ type: [SubjectSuppressionDto] })
  suppressions!: SubjectSuppressionDto[];

  @ApiProperty({ type: [SubjectBuildDto] })
  builds!: SubjectBuildDto[];

  @ApiProperty({
    type: 'array',
    items: anyObject,
    description: 'Every team that received the record, per endpoint, with how often and when first and last.',
  })
  recipients!: SubjectPerson['recipients'];

  @ApiProperty({ type: 'array', items: anyObject, description: 'The entries themselves, oldest first.' })
  access_log!: SubjectPerson['access_log'];

  @ApiProperty({ description: 'More entries than listed (recipients still counts them all).' })
  access_log_truncated!: boolean;
}

export class SubjectReportDto implements Omit<SubjectReport, 'people'> {
  @ApiProperty(timestamp)
  generated_at!: string;

  @ApiProperty({ type: [SubjectPersonDto] })
  people!: SubjectPersonDto[];
}
