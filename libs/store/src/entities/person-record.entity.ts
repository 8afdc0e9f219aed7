import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Build } from './build.entity';

/**
 * A person as served: the full record in `record` (jsonb, exactly the API shape) plus a few
 * normalized columns extracted from it for name blocking and scoring without decoding jsonb.
 * Identifier lookups go through person_match_keys.
 */
@Entity({ name: 'person_records' })
// Name blocking's indexes carry the columns a block is ordered by (INCLUDE), which TypeORM
// cannot express: the PersonBlockingCovering migration defines them.
@Index('idx_person_records_name', { synchronize: false })
@Index('idx_person_records_company_first', { synchronize: false })
@Index('idx_person_records_city_first', { synchronize: false })
@Index('idx_person_records_first_last', { synchronize: false })
// Partial expression indexes (migration PersonSurnameWords), which TypeORM cannot express either.
@Index('idx_person_records_surname_first_word', { synchronize: false })
@Index('idx_person_records_surname_last_word', { synchronize: false })
export class PersonRecord {
  @PrimaryColumn('text', { name: 'build_id', primaryKeyConstraintName: 'pk_person_records' })
  buildId!: string;

  @PrimaryColumn('uuid', { name: 'svc_id', primaryKeyConstraintName: 'pk_person_records' })
  svcId!: string;

  /** The person record as the API returns it (lowercase text, all fields). */
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

  /** Normalized name keys (lowercase, accents and punctuation removed by libs/normalize). */
  @Column('text', { name: 'full_name', nullable: true })
  fullName!: string | null;

  @Column('text', { name: 'first_name', nullable: true })
  firstName!: string | null;

  @Column('text', { name: 'last_name', nullable: true })
  lastName!: string | null;

  @Column('text', { name: 'city', nullable: true })
  city!: string | null;

  /** ISO 3166-2, e.g. `us-ca` as stored in the record (lowercase). */
  @Column('text', { name: 'state_code', nullable: true })
  stateCode!: string | null;

  @Column('text', { name: 'country_code', nullable: true })
  countryCode!: string | null;

  @Column('text', { name: 'company_domain', nullable: true })
  companyDomain!: string | null;

  @Column('integer', { name: 'birth_year', nullable: true })
  birthYear!: number | null;

  /** What name matching scores (libs/matching StoredSlice), written by Postgres from `record`. */
  @Column({
    type: 'jsonb',
    name: 'match_slice',
    generatedType: 'STORED',
    asExpression: 'svc_person_match_slice(record)',
    insert: false,
    update: false,
  })
  readonly matchSlice!: unknown;

  @ManyToOne(() => Build, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'build_id', foreignKeyConstraintName: 'fk_person_records_build' })
  build?: Build;
}
