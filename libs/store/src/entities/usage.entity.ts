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
} from 'typeorm';
import { ApiKey } from './api-key.entity';
import { Team } from './team.entity';
import { bigintToNumber } from './transformers';

/** One billable API call (sandbox calls are not recorded): how many matches it returned and what it cost. */
@Entity({ name: 'usage' })
@Index('idx_usage_team_created', ['teamId', 'createdAt'])
@Index('idx_usage_api_key_created', ['apiKeyId', 'createdAt'])
@Check('chk_usage_counts', `"match_count" >= 0 AND "credits" >= 0`)
export class Usage {
  @PrimaryColumn('bigint', { name: 'id', primaryKeyConstraintName: 'pk_usage', transformer: bigintToNumber })
  @Generated('increment')
  id!: number;

  @Column('integer', { name: 'team_id' })
  teamId!: number;

  @Column('integer', { name: 'api_key_id', nullable: true })
  apiKeyId!: number | null;

  /** Request path, e.g. `/person/enrich`. */
  @Column('text', { name: 'endpoint' })
  endpoint!: string;

  @Column('text', { name: 'request_id', nullable: true })
  requestId!: string | null;

  /** The call's charge id, as on its ledger row (which exists only when it had matches). */
  @Column('uuid', { name: 'charge_id', nullable: true })
  chargeId!: string | null;

  /** Number of matches returned. */
  @Column('integer', { name: 'match_count', default: 0 })
  matchCount!: number;

  /** Credits charged (equals the matching ledger row's -delta). */
  @Column('integer', { name: 'credits', default: 0 })
  credits!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_usage_team' })
  team?: Team;

  @ManyToOne(() => ApiKey, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'api_key_id', foreignKeyConstraintName: 'fk_usage_api_key' })
  apiKey?: ApiKey | null;
}
