import { Command } from 'commander';
import { DataSource } from 'typeorm';
import {
  appendAudit,
  AuditActor,
  cliActor,
  insertTeam,
  NewTeam,
  Team,
  TEAM_TIERS,
  TeamNameTakenError,
  TeamTier,
} from '@app/store';
import { capOrNone, isoDate, nonNegativeInt, oneOf, TeamRef, teamName, teamRef } from '../args';
import { ConflictError, UsageError } from '../errors';
import { Runner } from '../runner';
import { findTeam } from './lookup';

export interface TeamView {
  team_id: number;
  name: string;
  tier: TeamTier;
  credits_balance: number;
  contract_end: string | null;
  created_at: Date;
}

export function teamView(team: Team): TeamView {
  return {
    team_id: team.id,
    name: team.name,
    tier: team.tier,
    credits_balance: team.creditsBalance,
    contract_end: team.contractEnd,
    created_at: team.createdAt,
  };
}

export type CreateTeamInput = NewTeam;

/** team:create: the team and its initial grant (libs/store), and its audit row, in one transaction. */
export async function createTeam(
  ds: DataSource,
  input: CreateTeamInput,
  actor: AuditActor = cliActor(),
): Promise<TeamView> {
  try {
    return await ds.transaction(async (em) => {
      const view = teamView(await insertTeam(em, input));
      await appendAudit(em, {
        actor,
        action: 'team.create',
        teamId: view.team_id,
        target: `team:${view.team_id}`,
        after: {
          name: view.name,
          tier: view.tier,
          credits_balance: view.credits_balance,
          contract_end: view.contract_end,
        },
      });
      return view;
    });
  } catch (error) {
    if (error instanceof TeamNameTakenError) throw new ConflictError(error.message);
    throw error;
  }
}

/** The caps an agent key of the team is issued with (docs/access.md, "Spend caps per key"). */
export interface AgentKeyCapsView {
  team_id: number;
  name: string;
  agent_key_daily_cap: number | null;
  agent_key_monthly_cap: number | null;
}

/** What team:update changes; an absent cap stays as it is, null removes it. */
export interface UpdateTeamInput {
  team: TeamRef;
  agentKeyDailyCap?: number | null;
  agentKeyMonthlyCap?: number | null;
}

/**
 * team:update: the default caps of the team's agent keys, with the audit row, in one
 * transaction. They apply to agent keys issued from then on; keys already issued keep theirs
 * (key:update changes one).
 */
export async function updateTeam(
  ds: DataSource,
  input: UpdateTeamInput,
  actor: AuditActor = cliActor(),
): Promise<AgentKeyCapsView> {
  return ds.transaction(async (em) => {
    const found = await findTeam(em, input.team);
    const team = await em.findOneOrFail(Team, {
      where: { id: found.id },
      lock: { mode: 'pessimistic_write' },
    });
    const before = capsView(team);
    if (input.agentKeyDailyCap !== undefined) team.agentKeyDailyCap = input.agentKeyDailyCap;
    if (input.agentKeyMonthlyCap !== undefined) team.agentKeyMonthlyCap = input.agentKeyMonthlyCap;
    await em.update(Team, team.id, {
      agentKeyDailyCap: team.agentKeyDailyCap,
      agentKeyMonthlyCap: team.agentKeyMonthlyCap,
    });
    const after = capsView(team);
    await appendAudit(em, {
      actor,
      action: 'team.update',
      teamId: team.id,
      target: `team:${team.id}`,
      before: {
        agent_key_daily_cap: before.agent_key_daily_cap,
        agent_key_monthly_cap: before.agent_key_monthly_cap,
      },
      after: {
        agent_key_daily_cap: after.agent_key_daily_cap,
        agent_key_monthly_cap: after.agent_key_monthly_cap,
      },
    });
    return after;
  });
}

function capsView(team: Team): AgentKeyCapsView {
  return {
    team_id: team.id,
    name: team.name,
    agent_key_daily_cap: team.agentKeyDailyCap,
    agent_key_monthly_cap: team.agentKeyMonthlyCap,
  };
}

export function registerTeamCommands(program: Command, run: Runner): void {
  program
    .command('team:create')
    .description('create a team and grant its initial credits')
    .requiredOption('--name <name>', 'team name, unique, not all digits')
    .requiredOption('--credits <n>', 'initial credits, a non-negative integer')
    .option('--tier <tier>', `${TEAM_TIERS.join(' | ')}`, 'standard')
    .option('--contract-end <date>', 'last day of the contract, YYYY-MM-DD (default: no end)')
    .action((opts: { name: string; credits: string; tier: string; contractEnd?: string }) => {
      const input: CreateTeamInput = {
        name: teamName('--name', opts.name),
        credits: nonNegativeInt('--credits', opts.credits),
        tier: oneOf('--tier', opts.tier, TEAM_TIERS),
        contractEnd: opts.contractEnd === undefined ? null : isoDate('--contract-end', opts.contractEnd),
      };
      return run((ds, _config, _out, actor) => createTeam(ds, input, actor));
    });

  program
    .command('team:update')
    .description("set the spend caps the team's agent keys are issued with (credits per UTC day / month)")
    .requiredOption('--team <team>', 'team name or id')
    .option('--agent-key-daily-cap <credits>', 'credits per UTC day, or none')
    .option('--agent-key-monthly-cap <credits>', 'credits per UTC calendar month, or none')
    .action((opts: { team: string; agentKeyDailyCap?: string; agentKeyMonthlyCap?: string }) => {
      const input: UpdateTeamInput = {
        team: teamRef('--team', opts.team),
        agentKeyDailyCap:
          opts.agentKeyDailyCap === undefined
            ? undefined
            : capOrNone('--agent-key-daily-cap', opts.agentKeyDailyCap),
        agentKeyMonthlyCap:
          opts.agentKeyMonthlyCap === undefined
            ? undefined
            : capOrNone('--agent-key-monthly-cap', opts.agentKeyMonthlyCap),
      };
      if (input.agentKeyDailyCap === undefined && input.agentKeyMonthlyCap === undefined)
        throw new UsageError(
          'give --agent-key-daily-cap, --agent-key-monthly-cap or both (credits, or none)',
        );
      return run((ds, _config, _out, actor) => updateTeam(ds, input, actor));
    });
}
