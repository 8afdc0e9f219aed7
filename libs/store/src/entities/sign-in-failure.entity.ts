import { Column, CreateDateColumn, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from './transformers';

/**
 * One failed sign-in, by the email tried (lowercased, whether or not an account has it) and
 * the client address. Counting recent rows throttles sign-in per account and per address
 * across every auth process (docs/agents.md, "Sign-in throttling").
 */
@Entity({ name: 'sign_in_failures' })
@Index('idx_sign_in_failures_email', ['email', 'createdAt'])
@Index('idx_sign_in_failures_client', ['client', 'createdAt'])
export class SignInFailure {
  @PrimaryColumn('bigint', {
    name: 'id',
    primaryKeyConstraintName: 'pk_sign_in_failures',
    transformer: bigintToNumber,
  })
  @Generated('increment')
  id!: number;

  @Column('text', { name: 'email' })
  email!: string;

  @Column('text', { name: 'client' })
  client!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
