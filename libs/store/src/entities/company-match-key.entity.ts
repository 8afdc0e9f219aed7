import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { COMPANY_MATCH_KEY_KINDS, CompanyMatchKeyKind, sqlIn } from '../values';
import { Build } from './build.entity';

/** One normalized identifier of a company; the primary key is the lookup index, as for people. */
@Entity({ name: 'company_match_keys' })
@Check('chk_company_match_keys_kind', sqlIn('kind', COMPANY_MATCH_KEY_KINDS))
@Check('chk_company_match_keys_value', `length("value") BETWEEN 1 AND 512`)
export class CompanyMatchKey {
  @PrimaryColumn('text', { name: 'build_id', primaryKeyConstraintName: 'pk_company_match_keys' })
  buildId!: string;

  @PrimaryColumn('text', { name: 'kind', primaryKeyConstraintName: 'pk_company_match_keys' })
  kind!: CompanyMatchKeyKind;

  @PrimaryColumn('text', { name: 'value', primaryKeyConstraintName: 'pk_company_match_keys' })
  value!: string;

  @PrimaryColumn('uuid', { name: 'svc_id', primaryKeyConstraintName: 'pk_company_match_keys' })
  svcId!: string;

  @Column('boolean', { name: 'current', default: true })
  current!: boolean;

  @ManyToOne(() => Build, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'build_id', foreignKeyConstraintName: 'fk_company_match_keys_build' })
  build?: Build;
}
