import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import {
  REPORT_ISSUE_LEVELS,
  REPORT_ISSUE_TYPES,
  REPORT_STATUSES,
  REPORT_SUBJECT_TYPES,
  ReportIssueLevel,
  ReportIssueType,
  ReportStatus,
  ReportSubjectType,
  sqlIn,
} from '../values';
import { ApiKey } from './api-key.entity';
import { Team } from './team.entity';

/**
 * A data-issue report (POST /utility/report/person|company); `id` is the API's report_id.
 * The CHECKs repeat the SPEC.md rules the API enforces with 422s, as a last line of defence.
 */
@Entity({ name: 'reports' })
@Index('idx_reports_team_created', ['teamId', 'createdAt'])
@Index('idx_reports_subject', ['subjectType', 'svcId'])
@Index('idx_reports_status_created', ['status', 'createdAt'])
@Check('chk_reports_subject_type', sqlIn('subject_type', REPORT_SUBJECT_TYPES))
@Check('chk_reports_issue_type', sqlIn('issue_type', REPORT_ISSUE_TYPES))
@Check('chk_reports_issue_level', sqlIn('issue_level', REPORT_ISSUE_LEVELS))
@Check('chk_reports_status', sqlIn('status', REPORT_STATUSES))
@Check('chk_reports_field_by_level', `("issue_level" = 'record') = ("field" IS NULL)`)
@Check(
  'chk_reports_record_level_types',
  `"issue_type" NOT IN ('frankenstein', 'not_a_real_person') OR "issue_level" = 'record'`,
)
@Check('chk_reports_person_only_types', `"issue_type" <> 'not_a_real_person' OR "subject_type" = 'person'`)
@Check('chk_reports_correction', `"correct_value" IS NOT NULL OR "comment" IS NOT NULL`)
@Check(
  'chk_reports_lengths',
  `length("svc_id") BETWEEN 1 AND 128 AND coalesce(length("field"), 0) <= 128 AND ` +
    `coalesce(length("observed_value"), 0) <= 1000 AND coalesce(length("correct_value"), 0) <= 1000 AND ` +
    `coalesce(length("comment"), 0) <= 2000`,
)
export class Report {
  @PrimaryGeneratedColumn('increment', { name: 'id', primaryKeyConstraintName: 'pk_reports' })
  id!: number;

  @Column('text', { name: 'subject_type' })
  subjectType!: ReportSubjectType;

  @Column('text', { name: 'svc_id' })
  svcId!: string;

  /** The build the reported record was served from, when known (kept even after the build is dropped). */
  @Column('text', { name: 'build_id', nullable: true })
  buildId!: string | null;

  @Column('text', { name: 'issue_type' })
  issueType!: ReportIssueType;

  @Column('text', { name: 'issue_level' })
  issueLevel!: ReportIssueLevel;

  /** Group slug (`group`) or response field name (`field`); null for `record`. */
  @Column('text', { name: 'field', nullable: true })
  field!: string | null;

  @Column('text', { name: 'observed_value', nullable: true })
  observedValue!: string | null;

  @Column('text', { name: 'correct_value', nullable: true })
  correctValue!: string | null;

  @Column('text', { name: 'comment', nullable: true })
  comment!: string | null;

  @Column('text', { name: 'status', default: 'open' })
  status!: ReportStatus;

  @Column('integer', { name: 'api_key_id', nullable: true })
  apiKeyId!: number | null;

  /** Null once the reporting team is deleted; reports outlive teams. */
  @Column('integer', { name: 'team_id', nullable: true })
  teamId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column('timestamptz', { name: 'resolved_at', nullable: true })
  resolvedAt!: Date | null;

  @Column('text', { name: 'resolution_note', nullable: true })
  resolutionNote!: string | null;

  @ManyToOne(() => ApiKey, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'api_key_id', foreignKeyConstraintName: 'fk_reports_api_key' })
  apiKey?: ApiKey | null;

  @ManyToOne(() => Team, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_reports_team' })
  team?: Team | null;
}
