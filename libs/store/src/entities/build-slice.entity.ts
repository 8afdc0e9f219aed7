import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Build } from './build.entity';
import { bigintToNumber } from './transformers';

/**
 * One slice of a build loaded by several processes (data:load --slice I/N, docs/data-builds.md
 * "Slices"): committed in the slice's own transaction with its records, so the row exists only
 * once all of the slice's rows do. data:activate finishes the build when slices 1..N all have
 * one, judging the sum of their counts.
 */
@Entity({ name: 'build_slices' })
@Check('chk_build_slices_slice', `"slice" >= 1 AND "slice" <= "slice_count" AND "slice_count" <= 64`)
@Check(
  'chk_build_slices_counts',
  `"person_loaded" >= 0 AND "person_rejected" >= 0 AND "company_loaded" >= 0 AND "company_rejected" >= 0 AND "restamped" >= 0`,
)
export class BuildSlice {
  @PrimaryColumn('text', { name: 'build_id', primaryKeyConstraintName: 'pk_build_slices' })
  buildId!: string;

  /** 1 to slice_count. */
  @PrimaryColumn('integer', { name: 'slice', primaryKeyConstraintName: 'pk_build_slices' })
  slice!: number;

  /** N of I/N: how many slices the build was cut into. */
  @Column('integer', { name: 'slice_count' })
  sliceCount!: number;

  @Column('integer', { name: 'person_loaded', default: 0 })
  personLoaded!: number;

  @Column('integer', { name: 'person_rejected', default: 0 })
  personRejected!: number;

  @Column('integer', { name: 'company_loaded', default: 0 })
  companyLoaded!: number;

  @Column('integer', { name: 'company_rejected', default: 0 })
  companyRejected!: number;

  /** Lines that carried another build's version, stamped with this one. */
  @Column('integer', { name: 'restamped', default: 0 })
  restamped!: number;

  /** Every kind of problem of the slice's rejected lines, `[{reason, count}]`. */
  @Column('jsonb', { name: 'reasons' })
  reasons!: { reason: string; count: number }[];

  /** The size of the people file the slice read its part of: every slice must read the same file. */
  @Column('bigint', { name: 'person_bytes', transformer: bigintToNumber })
  personBytes!: number;

  @Column('bigint', { name: 'company_bytes', transformer: bigintToNumber })
  companyBytes!: number;

  @CreateDateColumn({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column('timestamptz', { name: 'finished_at' })
  finishedAt!: Date;

  @ManyToOne(() => Build, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'build_id', foreignKeyConstraintName: 'fk_build_slices_build' })
  build?: Build;
}
