import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TEAM_TIERS, TeamTier, sqlIn } from '../values';
import { bigintToNumber } from './transformers';

/**
 * A billing unit: API keys belong to a team and spend its credits. Invariant:
 * credits_balance = SUM(credit_ledger.delta) for the team; both change in one transaction.
 * Names are trimmed, 1-100 characters and never all digits, so `--team 42` is always an id.
 */
@Entity({ name: 'teams' })
@Index('idx_teams_name', ['name'], { unique: true })
@Check(
  'chk_teams_name',
  `length("name") BETWEEN 1 AND 100 AND "name" = btrim("name") AND "name" !~ '^[0-9]+$'`,
)
@Check('chk_teams_tier', sqlIn('tier', TEAM_TIERS))
@Check('chk_teams_credits_balance_non_negative', `"credits_balance" >= 0`)
@Check('chk_teams_agent_key_caps', `"agent_key_daily_cap" >= 0 AND "agent_key_monthly_cap" >= 0`)
export class Team {
  @PrimaryGeneratedColumn('increment', { name: 'id', primaryKeyConstraintName: 'pk_teams' })
  id!: number;

  @Column('text', { name: 'name' })
  name!: string;

  @Column('text', { name: 'tier', default: 'standard' })
  tier!: TeamTier;

  @Column('bigint', { name: 'credits_balance', default: 0, transformer: bigintToNumber })
  creditsBalance!: number;

  /** Last day the contract is valid (inclusive); null = no end. `YYYY-MM-DD`. */
  @Column('date', { name: 'contract_end', nullable: true })
  contractEnd!: string | null;

  /** The daily cap an agent key of this team is issued with; null = none (docs/access.md). */
  @Column('integer', { name: 'agent_key_daily_cap', nullable: true })
  agentKeyDailyCap!: number | null;

  /** The monthly cap an agent key of this team is issued with; null = none. */
  @Column('integer', { name: 'agent_key_monthly_cap', nullable: true })
  agentKeyMonthlyCap!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
