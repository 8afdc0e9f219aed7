import { Command } from 'commander';
import { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '@app/config';
import {
  Account,
  appendAudit,
  AuditActor,
  cliActor,
  Membership,
  MEMBERSHIP_ROLES,
  MembershipRole,
  revokeAgentKeys,
  roleRefusal,
} from '@app/store';
import { email, oneOf, positiveInt, TeamRef, teamRef } from '../args';
import { ConflictError, NotFoundError, UsageError } from '../errors';
import { Runner } from '../runner';
import { describeTeamRef, findTeam } from './lookup';
import { broadcastRevoked, RevocationReport } from './revocations';

/** A person given as `--account`: all digits = account id, anything else = sign-in email. */
export type AccountRef = { id: number } | { email: string };

export function accountRef(flag: string, raw: string): AccountRef {
  const s = raw.trim();
  return /^\d+$/.test(s) ? { id: positiveInt(flag, s) } : { email: email(flag, s) };
}

async function findAccount(em: EntityManager, ref: AccountRef): Promise<Account> {
  const account = await em.findOneBy(Account, 'id' in ref ? { id: ref.id } : { email: ref.email });
  if (!account)
    throw new NotFoundError(`account ${'id' in ref ? ref.id : JSON.stringify(ref.email)} not found`);
  return account;
}

export interface AddMemberInput {
  account: AccountRef;
  team: TeamRef;
  role: MembershipRole;
}

export interface AddMemberResult {
  account_id: number;
  email: string;
  team_id: number;
  team: string;
  role: MembershipRole;
}

/**
 * member:add: an existing person joins another team (account:create makes new people; SPEC's
 * person in several teams is made this way). Already a member: ConflictError, the role is left
 * to member:set-role. The membership and its audit row commit together.
 */
export async function addMember(
  ds: DataSource,
  input: AddMemberInput,
  actor: AuditActor = cliActor(),
): Promise<AddMemberResult> {
  return ds.transaction(async (em) => {
    const account = await findAccount(em, input.account);
    const team = await findTeam(em, input.team);
    const inserted: unknown[] = await em.query(
      `INSERT INTO memberships (account_id, team_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, team_id) DO NOTHING RETURNING account_id`,
      [account.id, team.id, input.role],
    );
    if (inserted.length === 0) {
      const current = await em.findOneByOrFail(Membership, { accountId: account.id, teamId: team.id });
      throw new ConflictError(
        `${account.email} is already a member of ${describeTeamRef(input.team)} (role ${current.role}); change the role with member:set-role`,
      );
    }
    await appendAudit(em, {
      actor,
      action: 'member.add',
      teamId: team.id,
      target: `account:${account.id}`,
      after: { email: account.email, role: input.role },
    });
    return {
      account_id: account.id,
      email: account.email,
      team_id: team.id,
      team: team.name,
      role: input.role,
    };
  });
}

export interface SetRoleInput {
  account: AccountRef;
  team: TeamRef;
  role: MembershipRole;
}

export interface SetRoleResult {
  account_id: number;
  email: string;
  team_id: number;
  team: string;
  previous_role: MembershipRole;
  role: MembershipRole;
  /** Agent keys this person approved for the team, revoked because the new role cannot create keys. */
  revoked_agent_keys: RevocationReport;
}

/**
 * member:set-role: changes the person's role in the team. A role that cannot create keys (SPEC,
 * Authentication 5) revokes, in the same transaction, every agent key the person approved that
 * bills this team; the revocation is then broadcast so every gateway refuses them at once. The
 * membership row lock makes a concurrent POST /agent/key wait for this (or this for it), so no
 * key issued under the old role survives. The audit row commits with the change; setting the role
 * a person already has, with no key to revoke, changes nothing and records nothing.
 */
export async function setMemberRole(
  ds: DataSource,
  config: AppConfig,
  input: SetRoleInput,
  actor: AuditActor = cliActor(),
): Promise<SetRoleResult> {
  const { result, hashes } = await ds.transaction(async (em) => {
    const account = await findAccount(em, input.account);
    const team = await findTeam(em, input.team);
    const [membership]: Array<{ role: MembershipRole }> = await em.query(
      `SELECT role FROM memberships WHERE account_id = $1 AND team_id = $2 FOR UPDATE`,
      [account.id, team.id],
    );
    if (!membership)
      throw new NotFoundError(`${account.email} is not a member of ${describeTeamRef(input.team)}`);
    await em.update(Membership, { accountId: account.id, teamId: team.id }, { role: input.role });
    const hashes = roleRefusal(input.role)
      ? await revokeAgentKeys(em, { approvedBy: account.id, teamId: team.id })
      : [];
    if (membership.role !== input.role || hashes.length > 0) {
      await appendAudit(em, {
        actor,
        action: 'member.set_role',
        teamId: team.id,
        target: `account:${account.id}`,
        before: { email: account.email, role: membership.role },
        after: { email: account.email, role: input.role, revoked_agent_keys: hashes.length },
      });
    }
    const result = {
      account_id: account.id,
      email: account.email,
      team_id: team.id,
      team: team.name,
      previous_role: membership.role,
      role: input.role,
    };
    return { result, hashes };
  });
  return { ...result, revoked_agent_keys: await broadcastRevoked(config, hashes) };
}

export interface RemoveMemberInput {
  account: AccountRef;
  /** null: every team (the person leaves the account). */
  team: TeamRef | null;
}

export interface RemoveMemberResult {
  account_id: number;
  email: string;
  removed_from: Array<{ team_id: number; role: MembershipRole }>;
  /** Agent keys this person approved: for the team left, or all of them when leaving every team. */
  revoked_agent_keys: RevocationReport;
}

/**
 * member:remove: the person leaves one team, or every team (--all-teams). Every agent key they
 * approved for what they left is revoked in the same transaction and the revocation broadcast.
 * One audit row says what they left (its team is the team left, or none for --all-teams of
 * several).
 */
export async function removeMember(
  ds: DataSource,
  config: AppConfig,
  input: RemoveMemberInput,
  actor: AuditActor = cliActor(),
): Promise<RemoveMemberResult> {
  const { result, hashes } = await ds.transaction(async (em) => {
    const account = await findAccount(em, input.account);
    const team = input.team === null ? null : await findTeam(em, input.team);
    const removed: Array<{ team_id: number; role: MembershipRole }> = await em.query(
      `WITH d AS (DELETE FROM memberships WHERE account_id = $1 ${team ? 'AND team_id = $2' : ''} RETURNING team_id, role)
       SELECT team_id, role FROM d ORDER BY team_id`,
      team ? [account.id, team.id] : [account.id],
    );
    if (removed.length === 0)
      throw new NotFoundError(
        `${account.email} is not a member of ${input.team ? describeTeamRef(input.team) : 'any team'}`,
      );
    const hashes = await revokeAgentKeys(
      em,
      team ? { approvedBy: account.id, teamId: team.id } : { approvedBy: account.id },
    );
    await appendAudit(em, {
      actor,
      action: 'member.remove',
      teamId: team?.id ?? (removed.length === 1 ? removed[0].team_id : null),
      target: `account:${account.id}`,
      before: { email: account.email, memberships: removed },
      after: { memberships: [], revoked_agent_keys: hashes.length },
    });
    return { result: { account_id: account.id, email: account.email, removed_from: removed }, hashes };
  });
  return { ...result, revoked_agent_keys: await broadcastRevoked(config, hashes) };
}

export function registerMemberCommands(program: Command, run: Runner): void {
  program
    .command('member:add')
    .description('add an existing person to another team with a role (account:create makes new people)')
    .requiredOption('--account <account>', 'sign-in email or account id')
    .requiredOption('--team <team>', 'team name or id')
    .requiredOption('--role <role>', MEMBERSHIP_ROLES.join(' | '))
    .action((opts: { account: string; team: string; role: string }) => {
      const input: AddMemberInput = {
        account: accountRef('--account', opts.account),
        team: teamRef('--team', opts.team),
        role: oneOf('--role', opts.role, MEMBERSHIP_ROLES),
      };
      return run((ds, _config, _out, actor) => addMember(ds, input, actor));
    });

  program
    .command('member:set-role')
    .description(
      "change a person's role in a team; a role that cannot create keys revokes the agent keys they approved for it",
    )
    .requiredOption('--account <account>', 'sign-in email or account id')
    .requiredOption('--team <team>', 'team name or id')
    .requiredOption('--role <role>', MEMBERSHIP_ROLES.join(' | '))
    .action((opts: { account: string; team: string; role: string }) => {
      const input: SetRoleInput = {
        account: accountRef('--account', opts.account),
        team: teamRef('--team', opts.team),
        role: oneOf('--role', opts.role, MEMBERSHIP_ROLES),
      };
      return run((ds, config, _out, actor) => setMemberRole(ds, config, input, actor));
    });

  program
    .command('member:remove')
    .description('remove a person from a team (or every team) and revoke the agent keys they approved for it')
    .requiredOption('--account <account>', 'sign-in email or account id')
    .option('--team <team>', 'team name or id')
    .option('--all-teams', 'leave every team (the person leaves the account): revokes all their agent keys')
    .action((opts: { account: string; team?: string; allTeams?: boolean }) => {
      if ((opts.team === undefined) === (opts.allTeams === undefined))
        throw new UsageError('give exactly one of --team or --all-teams');
      const input: RemoveMemberInput = {
        account: accountRef('--account', opts.account),
        team: opts.team === undefined ? null : teamRef('--team', opts.team),
      };
      return run((ds, config, _out, actor) => removeMember(ds, config, input, actor));
    });
}
