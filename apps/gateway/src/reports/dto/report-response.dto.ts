import { ApiProperty } from '@nestjs/swagger';
import { ISSUE_LEVEL_VALUES, ISSUE_TYPE_VALUES } from '@app/contracts';
import { REPORT_STATUSES, REPORT_SUBJECT_TYPES } from '@app/store';

export class ReportResponseDto {
  @ApiProperty({ example: 42 })
  report_id!: number;

  @ApiProperty({
    enum: REPORT_STATUSES,
    description: 'New reports are `open`; see docs/reports.md for the review states.',
  })
  status!: string;

  @ApiProperty({ enum: REPORT_SUBJECT_TYPES })
  subject_type!: string;

  @ApiProperty()
  svc_id!: string;

  @ApiProperty({ enum: ISSUE_TYPE_VALUES })
  issue_type!: string;

  @ApiProperty({ enum: ISSUE_LEVEL_VALUES })
  issue_level!: string;

  @ApiProperty({ description: 'ISO 8601 timestamp', example: '2026-11-21T10:00:00.000Z' })
  created_at!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The group slug or field name, lowercase; null for record-level reports.',
  })
  field!: string | null;
}
