import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { MEMBERSHIP_ROLES, MembershipRole, sqlIn } from '../values';
import { Account } from './account.entity';
import { Team } from './team.entity';

/** An account's role in a team; the primary key (account_id, team_id) makes the pair unique. */
@Entity({ name: 'memberships' })
@Index('idx_memberships_team', ['teamId'])
@Check('chk_memberships_role', sqlIn('role', MEMBERSHIP_ROLES))
export class Membership {
  @PrimaryColumn('integer', { name: 'account_id', primaryKeyConstraintName: 'pk_memberships' })
  accountId!: number;

  @PrimaryColumn('integer', { name: 'team_id', primaryKeyConstraintName: 'pk_memberships' })
  teamId!: number;

  @Column('text', { name: 'role' })
  role!: MembershipRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'fk_memberships_account' })
  account?: Account;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_memberships_team' })
  team?: Team;
}
