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
 * A person's signed-in session at {auth_url}. The cookie carries the session token and only its
 * SHA-256 is stored, so a leaked table signs nobody in. The forms' CSRF token is derived from
 * the session token (apps/auth/src/session/csrf.ts), so it needs no column.
 */
@Entity({ name: 'auth_sessions' })
@Index('idx_auth_sessions_token_hash', ['tokenHash'], { unique: true })
@Index('idx_auth_sessions_account', ['accountId'])
@Index('idx_auth_sessions_expires', ['expiresAt'])
@Check('chk_auth_sessions_token_hash', `"token_hash" ~ '^[0-9a-f]{64}$'`)
export class AuthSession {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'pk_auth_sessions' })
  id!: string;

  @Column('text', { name: 'token_hash' })
  tokenHash!: string;

  @Column('integer', { name: 'account_id' })
  accountId!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'fk_auth_sessions_account' })
  account?: Account;
}
