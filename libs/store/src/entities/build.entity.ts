import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { BUILD_STATUSES, BuildStatus, sqlIn } from '../values';

/**
 * One load of person and company data, named `<version>_<date>` (the records' build_version).
 * A build holds both entity types. At most one build is active per is_sandbox value; the
 * matcher and the search aliases serve the active one.
 */
@Entity({ name: 'builds' })
@Check('chk_builds_id_format', `"id" ~ '^[A-Za-z0-9.+-]+_[0-9]{4}-[0-9]{2}-[0-9]{2}$'`)
@Check('chk_builds_status', sqlIn('status', BUILD_STATUSES))
@Check('chk_builds_active_is_ready', `NOT "is_active" OR "status" = 'ready'`)
@Check('chk_builds_counts', `"person_count" >= 0 AND "company_count" >= 0`)
@Index('idx_builds_active', ['isSandbox'], { unique: true, where: '"is_active"' })
export class Build {
  @PrimaryColumn('text', { name: 'id', primaryKeyConstraintName: 'pk_builds' })
  id!: string;

  @Column('text', { name: 'status', default: 'loading' })
  status!: BuildStatus;

  @Column('boolean', { name: 'is_sandbox', default: false })
  isSandbox!: boolean;

  @Column('boolean', { name: 'is_active', default: false })
  isActive!: boolean;

  @Column('integer', { name: 'person_count', default: 0 })
  personCount!: number;

  @Column('integer', { name: 'company_count', default: 0 })
  companyCount!: number;

  @Column('text', { name: 'failure_reason', nullable: true })
  failureReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'activated_at', nullable: true })
  activatedAt!: Date | null;

  /** The index the person alias must point at while this build is active (null before BuildIndices). */
  @Column('text', { name: 'person_index', nullable: true })
  personIndex!: string | null;

  @Column('text', { name: 'company_index', nullable: true })
  companyIndex!: string | null;
}
