import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Build } from './build.entity';

/** A company as served: the full record in `record` (jsonb) plus normalized lookup columns. */
@Entity({ name: 'company_records' })
@Index('idx_company_records_name', ['buildId', 'name'])
@Index('idx_company_records_domain', ['buildId', 'domain'])
export class CompanyRecord {
  @PrimaryColumn('text', { name: 'build_id', primaryKeyConstraintName: 'pk_company_records' })
  buildId!: string;

  @PrimaryColumn('uuid', { name: 'svc_id', primaryKeyConstraintName: 'pk_company_records' })
  svcId!: string;

  @Column('jsonb', { name: 'record' })
  record!: Record<string, unknown>;

  /** The same record as served: JSON text with its keys in SPEC.md order (see the RecordJson migration). */
  @Column('text', { name: 'record_json' })
  recordJson!: string;

  /** The record's content hash and its input line's hash, both without build stamp (RecordHashes migration). */
  @Column('uuid', { name: 'content_md5', nullable: true })
  contentMd5!: string | null;

  @Column('uuid', { name: 'source_md5', nullable: true })
  sourceMd5!: string | null;

  /** Normalized name key (name.cleaned with legal suffixes removed by libs/normalize). */
  @Column('text', { name: 'name', nullable: true })
  name!: string | null;

  @Column('text', { name: 'domain', nullable: true })
  domain!: string | null;

  @Column('text', { name: 'netx_id', nullable: true })
  netxId!: string | null;

  @Column('text', { name: 'netx_url', nullable: true })
  netxUrl!: string | null;

  /** Primary ticker symbol, uppercase. */
  @Column('text', { name: 'ticker', nullable: true })
  ticker!: string | null;

  @ManyToOne(() => Build, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'build_id', foreignKeyConstraintName: 'fk_company_records_build' })
  build?: Build;
}
