import { Check, Column, CreateDateColumn, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { AUTH_ATTEMPT_SCOPES, AuthAttemptScope, sqlIn } from '../values';
import { bigintToNumber } from './transformers';

/**
 * One attempt at an auth door, counted against one subject: a sign-in against the email tried
 * (lowercased, whether or not an account has it) and the client address, an identity request
 * against its login_hint and the address. Recent rows throttle every auth process alike
 * (docs/agents.md, "Limits"); rows past every window are purged.
 */
@Entity({ name: 'auth_attempts' })
@Index('idx_auth_attempts_subject', ['scope', 'subject', 'createdAt'])
@Index('idx_auth_attempts_created', ['createdAt'])
@Check('chk_auth_attempts_scope', sqlIn('scope', AUTH_ATTEMPT_SCOPES))
export class AuthAttempt {
  @PrimaryColumn('bigint', {
    name: 'id',
    primaryKeyConstraintName: 'pk_auth_attempts',
    transformer: bigintToNumber,
  })
  @Generated('increment')
  id!: number;

  @Column('text', { name: 'scope' })
  scope!: AuthAttemptScope;

  @Column('text', { name: 'subject' })
  subject!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
