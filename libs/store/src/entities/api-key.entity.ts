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
import { bigintToNumber } from './transformers';
import { API_KEY_KINDS, ApiKeyKind, sqlIn } from '../values';
import { Account } from './account.entity';
import { Agent } from './agent.entity';
import { Team } from './team.entity';

/**
 * An API key of a team. The key itself (`svc_<prefix>_<secret>`) is shown once; only its
 * SHA-256 (secret_hash) is stored, and a request is authenticated by one indexed lookup on
 * it. `prefix` is the non-secret part, for listings and logs.
 */
@Entity({ name: 'api_keys' })
@Index('idx_api_keys_prefix', ['prefix'], { unique: true })
@Index('idx_api_keys_secret_hash', ['secretHash'], { unique: true })
@Index('idx_api_keys_team', ['teamId'])
@Index('idx_api_keys_created_by', ['createdByAccountId'])
@Index('idx_api_keys_agent_active', ['agentId'], { unique: true, where: '"revoked_at" IS NULL' })
@Check('chk_api_keys_kind', sqlIn('kind', API_KEY_KINDS))
@Check('chk_api_keys_agent', `("kind" = 'agent') = ("agent_id" IS NOT NULL)`)
@Check('chk_api_keys_secret_hash', `"secret_hash" ~ '^[0-9a-f]{64}$'`)
@Check('chk_api_keys_endpoints', `"endpoints" IS NULL OR cardinality("endpoints") > 0`)
@Check('chk_api_keys_caps', `"daily_cap" >= 0 AND "monthly_cap" >= 0`)
@Check('chk_api_keys_spend', `"spend_day_credits" >= 0 AND "spend_month_credits" >= 0`)
export class ApiKey {
  @PrimaryGeneratedColumn('increment', { name: 'id', primaryKeyConstraintName: 'pk_api_keys' })
  id!: number;

  @Column('integer', { name: 'team_id' })
  teamId!: number;

  @Column('text', { name: 'prefix' })
  prefix!: string;

  /** Lowercase hex SHA-256 of the whole key string. */
  @Column('text', { name: 'secret_hash' })
  secretHash!: string;

  /** Paths this key may call (e.g. `/person/enrich`); null = every endpoint. */
  @Column('text', { name: 'endpoints', array: true, nullable: true })
  endpoints!: string[] | null;

  @Column('text', { name: 'kind', default: 'standard' })
  kind!: ApiKeyKind;

  /** The agent this key was issued to (kind `agent` only); one unrevoked key per agent. */
  @Column('uuid', { name: 'agent_id', nullable: true })
  agentId!: string | null;

  /** The account that created or approved the key; null for operator (CLI) keys. */
  @Column('integer', { name: 'created_by_account_id', nullable: true })
  createdByAccountId!: number | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Credits the key may spend per UTC day; null = no cap (docs/access.md, "Spend caps per key"). */
  @Column('integer', { name: 'daily_cap', nullable: true })
  dailyCap!: number | null;

  /** Credits the key may spend per UTC calendar month; null = no cap. */
  @Column('integer', { name: 'monthly_cap', nullable: true })
  monthlyCap!: number | null;

  /** The UTC day spend_day_credits counts; an older day means nothing spent today yet. */
  @Column('date', { name: 'spend_day', nullable: true })
  spendDay!: string | null;

  /** Written only by the charge statement (libs/store/src/charges.ts). */
  @Column('bigint', { name: 'spend_day_credits', default: 0, transformer: bigintToNumber })
  spendDayCredits!: number;

  /** The first day of the UTC month spend_month_credits counts. */
  @Column('date', { name: 'spend_month', nullable: true })
  spendMonth!: string | null;

  @Column('bigint', { name: 'spend_month_credits', default: 0, transformer: bigintToNumber })
  spendMonthCredits!: number;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_api_keys_team' })
  team?: Team;

  @ManyToOne(() => Account, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_account_id', foreignKeyConstraintName: 'fk_api_keys_created_by' })
  createdBy?: Account | null;

  @ManyToOne(() => Agent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id', foreignKeyConstraintName: 'fk_api_keys_agent' })
  agent?: Agent | null;
}
