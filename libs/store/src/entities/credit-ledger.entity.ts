import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  Generated,
  PrimaryColumn,
  Unique,
} from 'typeorm';
import { CREDIT_REASONS, CreditReason, sqlIn } from '../values';
import { ApiKey } from './api-key.entity';
import { Team } from './team.entity';
import { bigintToNumber } from './transformers';

/**
 * Append-only history of every credit movement. A row and the matching
 * `teams.credits_balance` update are written in the same transaction, so the balance always
 * equals the sum of the team's deltas.
 */
@Entity({ name: 'credit_ledger' })
@Index('idx_credit_ledger_team_created', ['teamId', 'createdAt'])
@Check('chk_credit_ledger_delta', `"delta" <> 0`)
@Check('chk_credit_ledger_reason', sqlIn('reason', CREDIT_REASONS))
@Unique('uq_credit_ledger_team_charge', ['teamId', 'chargeId'])
export class CreditLedger {
  @PrimaryColumn('bigint', {
    name: 'id',
    primaryKeyConstraintName: 'pk_credit_ledger',
    transformer: bigintToNumber,
  })
  @Generated('increment')
  id!: number;

  @Column('integer', { name: 'team_id' })
  teamId!: number;

  /** Positive adds credits, negative charges them. */
  @Column('integer', { name: 'delta' })
  delta!: number;

  @Column('text', { name: 'reason' })
  reason!: CreditReason;

  @Column('integer', { name: 'api_key_id', nullable: true })
  apiKeyId!: number | null;

  /** The caller's X-Request-Id (or the one the gateway made): for tracing, not unique. */
  @Column('text', { name: 'request_id', nullable: true })
  requestId!: string | null;

  /** The billed call a `match` row charges: made by the gateway, one per call, unique per team. Null on grants and adjustments. */
  @Column('uuid', { name: 'charge_id', nullable: true })
  chargeId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_credit_ledger_team' })
  team?: Team;

  @ManyToOne(() => ApiKey, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'api_key_id', foreignKeyConstraintName: 'fk_credit_ledger_api_key' })
  apiKey?: ApiKey | null;
}
