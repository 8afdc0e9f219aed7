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
import { AGENT_CLAIM_STATUSES, AgentClaimStatus, sqlIn } from '../values';
import { Agent } from './agent.entity';

/**
 * One sign-in claim of an agent (SPEC.md's claim state table). The claim token and the user
 * code are stored only as lowercase hex SHA-256; the code is made when the person views the
 * verification page, so its plain form exists only on that page and in the agent's request.
 */
@Entity({ name: 'agent_claims' })
@Index('idx_agent_claims_token_hash', ['tokenHash'], { unique: true })
@Index('idx_agent_claims_agent', ['agentId'])
@Index('idx_agent_claims_code_expires', ['codeExpiresAt'])
@Check('chk_agent_claims_status', sqlIn('status', AGENT_CLAIM_STATUSES))
@Check('chk_agent_claims_hashes', `"token_hash" ~ '^[0-9a-f]{64}$' AND "code_hash" ~ '^[0-9a-f]{64}$'`)
@Check('chk_agent_claims_wrong_attempts', `"wrong_attempts" >= 0`)
export class AgentClaim {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'pk_agent_claims' })
  id!: string;

  @Column('uuid', { name: 'agent_id' })
  agentId!: string;

  @Column('text', { name: 'token_hash' })
  tokenHash!: string;

  /** SHA-256 of the normalized code (uppercase, no separators). */
  @Column('text', { name: 'code_hash' })
  codeHash!: string;

  @Column('timestamptz', { name: 'code_expires_at' })
  codeExpiresAt!: Date;

  @Column('integer', { name: 'wrong_attempts', default: 0 })
  wrongAttempts!: number;

  @Column('text', { name: 'status', default: 'pending' })
  status!: AgentClaimStatus;

  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt!: Date | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @ManyToOne(() => Agent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id', foreignKeyConstraintName: 'fk_agent_claims_agent' })
  agent?: Agent;
}
