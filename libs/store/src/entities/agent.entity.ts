import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Account } from './account.entity';

/**
 * An AI agent a person approved through a claim (docs/agents.md). `confirmed_at` is set when
 * its claim completes (the assertion is delivered); `disconnected_at` when the person
 * disconnects it on the connected-apps page, which also revokes its keys. Unconfirmed agents are
 * purged with their stale claims (docs/agents.md, "Retention").
 */
@Entity({ name: 'agents' })
@Index('idx_agents_account', ['accountId'])
@Check('chk_agents_name', `length("name") BETWEEN 1 AND 100`)
export class Agent {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'pk_agents' })
  id!: string;

  /** Display name from the identity request's `client_name` ('AI agent' when absent). */
  @Column('text', { name: 'name' })
  name!: string;

  /**
   * The person who approved (or is asked to approve) the agent; null for the agent of a decoy
   * claim (an identity request naming nobody who may approve agents), which nobody can confirm.
   */
  @Column('integer', { name: 'account_id', nullable: true })
  accountId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt!: Date | null;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { name: 'disconnected_at', nullable: true })
  disconnectedAt!: Date | null;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'fk_agents_account' })
  account?: Account;
}
