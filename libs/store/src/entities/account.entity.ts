import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ACCOUNT_STATUSES, AccountStatus, sqlIn } from '../values';

/** A person who signs in at {auth_url}. Email is stored lowercase; password_hash is `scrypt$N$r$p$salt$hash`. */
@Entity({ name: 'accounts' })
@Index('idx_accounts_email', ['email'], { unique: true })
@Check('chk_accounts_email', `"email" = lower("email") AND "email" LIKE '_%@_%'`)
@Check('chk_accounts_status', sqlIn('status', ACCOUNT_STATUSES))
export class Account {
  @PrimaryGeneratedColumn('increment', { name: 'id', primaryKeyConstraintName: 'pk_accounts' })
  id!: number;

  @Column('text', { name: 'email' })
  email!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('text', { name: 'status', default: 'pending' })
  status!: AccountStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
