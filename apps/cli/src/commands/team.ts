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
import { isoDate, nonNegativeInt, oneOf, teamName } from '../args';
import { ConflictError } from '../errors';
import { Runner } from '../runner';

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
}
