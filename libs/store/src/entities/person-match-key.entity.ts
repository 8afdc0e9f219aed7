import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PERSON_MATCH_KEY_KINDS, PersonMatchKeyKind, sqlIn } from '../values';
import { Build } from './build.entity';

/**
 * One normalized identifier of a person (email, its hashes, phone, social URL, netx id, name
 * variant). The primary key (build_id, kind, value, svc_id) is the lookup index: a candidate
 * search is `WHERE build_id = $1 AND kind = $2 AND value = $3`, answered from the index alone.
 */
@Entity({ name: 'person_match_keys' })
@Check('chk_person_match_keys_kind', sqlIn('kind', PERSON_MATCH_KEY_KINDS))
@Check('chk_person_match_keys_value', `length("value") BETWEEN 1 AND 512`)
export class PersonMatchKey {
  @PrimaryColumn('text', { name: 'build_id', primaryKeyConstraintName: 'pk_person_match_keys' })
  buildId!: string;

  @PrimaryColumn('text', { name: 'kind', primaryKeyConstraintName: 'pk_person_match_keys' })
  kind!: PersonMatchKeyKind;

  @PrimaryColumn('text', { name: 'value', primaryKeyConstraintName: 'pk_person_match_keys' })
  value!: string;

  @PrimaryColumn('uuid', { name: 'svc_id', primaryKeyConstraintName: 'pk_person_match_keys' })
  svcId!: string;

  /** Whether the identifier is current (e.g. emails[].current); stale identifiers still match, weaker. */
  @Column('boolean', { name: 'current', default: true })
  current!: boolean;

  @ManyToOne(() => Build, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'build_id', foreignKeyConstraintName: 'fk_person_match_keys_build' })
  build?: Build;
}
