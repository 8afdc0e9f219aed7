import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { ISSUE_LEVEL_VALUES, ISSUE_TYPE_VALUES, IssueLevel, IssueType, REPORT_LIMITS } from '@app/contracts';

/** Shapes and lengths; the cross-field rules live in report-rules.ts (docs/reports.md). */
export class ReportRequestDto {
  @ApiProperty({
    description: 'The reported record (UUID) in the live data of the path’s type.',
    minLength: 1,
    maxLength: REPORT_LIMITS.svc_id,
  })
  @IsString()
  @Length(1, REPORT_LIMITS.svc_id)
  svc_id!: string;

  @ApiProperty({
    enum: ISSUE_TYPE_VALUES,
    description:
      '`incorrect` value wrong; `outdated` was right, now stale; `misattributed` belongs to another person or company; ' +
      '`frankenstein` record merges several real people (record level); `not_a_real_person` (people, record level); ' +
      '`duplicate` duplicated value or record.',
  })
  @IsIn(ISSUE_TYPE_VALUES)
  issue_type!: IssueType;

  @ApiProperty({
    enum: ISSUE_LEVEL_VALUES,
    description:
      '`record`: the whole record, omit field; `group`: field is a group slug; `field`: field is a response field name.',
  })
  @IsIn(ISSUE_LEVEL_VALUES)
  issue_level!: IssueLevel;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: REPORT_LIMITS.field,
    example: 'job_title',
    description:
      'A group slug (issue_level group) or a response field name such as job_title or emails.address (issue_level field).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(REPORT_LIMITS.field)
  field?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: REPORT_LIMITS.observed_value,
    description:
      'The value currently returned, if any. Never required: omit it (or send null) when the record has no value for the field (it is null).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(REPORT_LIMITS.observed_value)
  observed_value?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: REPORT_LIMITS.correct_value,
    description: 'The right value. correct_value or comment is required.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(REPORT_LIMITS.correct_value)
  correct_value?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: REPORT_LIMITS.comment,
    description: 'Free text for the reviewer. correct_value or comment is required.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(REPORT_LIMITS.comment)
  comment?: string | null;
}
