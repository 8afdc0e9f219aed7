import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Team } from './team.entity';

/**
 * One `Idempotency-Key` a team sent on a billed POST (docs/access.md, "Idempotent retries"):
 * the fingerprint of the request that first used it and, once that request succeeded, the
 * response every retry gets instead of running (and charging) again. In Postgres so that every
 * gateway sees the same keys; rows older than 24 h are reclaimed by the next use of the key and
 * purged in the background.
 */
@Entity({ name: 'idempotency_keys' })
@Index('idx_idempotency_keys_created', ['createdAt'])
export class IdempotencyKey {
  @PrimaryColumn('integer', { name: 'team_id', primaryKeyConstraintName: 'pk_idempotency_keys' })
  teamId!: number;

  @PrimaryColumn('text', { name: 'key', primaryKeyConstraintName: 'pk_idempotency_keys' })
  key!: string;

  /** SHA-256 hex of method, path with query string and body: same key, other request → 422. */
  @Column('text', { name: 'fingerprint' })
  fingerprint!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Null while the first request runs: a concurrent retry is answered 409. */
  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  /** The response headers replayed (content type, X-Credits-*). */
  @Column('jsonb', { name: 'headers', nullable: true })
  headers!: Record<string, string> | null;

  /** The response body exactly as sent; null on a completed key means the charged request failed. */
  @Column('text', { name: 'body', nullable: true })
  body!: string | null;

  /**
   * Set by the charge itself, in its commit: once set, the key is never freed or taken over, so
   * a retry is not charged again even when the first answer was lost.
   */
  @Column('uuid', { name: 'charge_id', nullable: true })
  chargeId!: string | null;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_idempotency_keys_team' })
  team?: Team;
}
