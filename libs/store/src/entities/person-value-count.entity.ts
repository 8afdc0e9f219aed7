import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { sqlIn } from '../values';
import { VALUE_COUNT_KINDS, type ValueCountKind } from '../value-counts';
import { Build } from './build.entity';

/**
 * How many people of a build hold a value name matching weighs by term frequency (a first
 * name, a city, a last name + city pair …), counted by the loader (value-counts.ts). The
 * primary key is the lookup: a name query reads its values' counts from the index.
 */
@Entity({ name: 'person_value_counts' })
@Check('chk_person_value_counts_kind', sqlIn('kind', VALUE_COUNT_KINDS))
@Check('chk_person_value_counts_n', `"n" > 0`)
export class PersonValueCount {
  @PrimaryColumn('text', { name: 'build_id', primaryKeyConstraintName: 'pk_person_value_counts' })
  buildId!: string;

  @PrimaryColumn('text', { name: 'kind', primaryKeyConstraintName: 'pk_person_value_counts' })
  kind!: ValueCountKind;

  /** The value as person_records holds it; a pair's two values joined by U+001F. */
  @PrimaryColumn('text', { name: 'value', primaryKeyConstraintName: 'pk_person_value_counts' })
  value!: string;

  @Column('integer', { name: 'n' })
  n!: number;

  @ManyToOne(() => Build, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'build_id', foreignKeyConstraintName: 'fk_person_value_counts_build' })
  build?: Build;
}
