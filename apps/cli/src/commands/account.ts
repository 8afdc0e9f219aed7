import { Command } from 'commander';
import { DataSource } from 'typeorm';
import {
  Account,
  ACCOUNT_STATUSES,
  AccountStatus,
  appendAudit,
  AuditActor,
  cliActor,
  hashPassword,
  isUniqueViolation,
  Membership,
  MEMBERSHIP_ROLES,
  MembershipRole,
} from '@app/store';
import { email, oneOf, password, TeamRef, teamRef } from '../args';
import { ConflictError } from '../errors';
import { PasswordSource, processPasswordSource, readPassword } from '../password-input';
import { Runner } from '../runner';
import { findTeam } from './lookup';

export interface CreateAccountInput {
  email: string;
  password: string;
  team: TeamRef;
  role: MembershipRole;
  status: AccountStatus;
}

export interface AccountView {
  account_id: number;
  email: string;
  status: AccountStatus;
  team_id: number;
  team: string;
  role: MembershipRole;
  created_at: Date;
}

/**
 * account:create: the account (password hashed with scrypt), its membership of one team and the
 * audit row (never the password or its hash), in one transaction.
 */
export async function createAccount(
  ds: DataSource,
  input: CreateAccountInput,
  actor: AuditActor = cliActor(),
): Promise<AccountView> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await ds.transaction(async (em) => {
      const team = await findTeam(em, input.team);
      if (await em.existsBy(Account, { email: input.email })) {
        throw new ConflictError(`account ${JSON.stringify(input.email)} already exists`);
      }
      const account = await em.save(
        em.create(Account, { email: input.email, passwordHash, status: input.status }),
      );
      await em.insert(Membership, { accountId: account.id, teamId: team.id, role: input.role });
      await appendAudit(em, {
        actor,
        action: 'account.create',
        teamId: team.id,
        target: `account:${account.id}`,
        after: { email: account.email, status: account.status, role: input.role },
      });
      return {
        account_id: account.id,
        email: account.email,
        status: account.status,
        team_id: team.id,
        team: team.name,
        role: input.role,
        created_at: account.createdAt,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'idx_accounts_email')) {
      throw new ConflictError(`account ${JSON.stringify(input.email)} already exists`);
    }
    throw error;
  }
}

export function registerAccountCommands(
  program: Command,
  run: Runner,
  passwords: PasswordSource = processPasswordSource(),
): void {
  program
    .command('account:create')
    .description('create a sign-in account and make it a member of a team')
    .requiredOption('--email <email>', 'sign-in email (stored lowercase)')
    .option(
      '--password <password>',
      'password, 8 to 1024 characters (stored as a scrypt hash); better omitted: then read from stdin or a prompt, never visible in ps or shell history',
    )
    .requiredOption('--team <team>', 'team name or id')
    .requiredOption('--role <role>', MEMBERSHIP_ROLES.join(' | '))
    .option('--status <status>', ACCOUNT_STATUSES.join(' | '), 'approved')
    .action(
      async (opts: { email: string; password?: string; team: string; role: string; status: string }) => {
        // Flags first, so a typo is reported before anyone is asked for a password.
        const flags = {
          email: email('--email', opts.email),
          team: teamRef('--team', opts.team),
          role: oneOf('--role', opts.role, MEMBERSHIP_ROLES),
          status: oneOf('--status', opts.status, ACCOUNT_STATUSES),
        };
        const secret =
          opts.password !== undefined
            ? password('--password', opts.password)
            : password('the password', await readPassword(passwords));
        const input: CreateAccountInput = { ...flags, password: secret };
        return run((ds, _config, _out, actor) => createAccount(ds, input, actor));
      },
    );
}
