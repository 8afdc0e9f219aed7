import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { applyCreditDelta } from '@app/store';
import { positiveInt, TeamRef, teamRef } from '../args';
import { Runner } from '../runner';
import { findTeam } from './lookup';

export interface AddCreditsInput {
  team: TeamRef;
  credits: number;
}

export interface AddCreditsResult {
  team_id: number;
  team: string;
  credits_added: number;
  credits_balance: number;
  ledger_id: number;
}

/** credits:add: a `grant` ledger row and the balance increase, in one transaction. */
export async function addCredits(ds: DataSource, input: AddCreditsInput): Promise<AddCreditsResult> {
  return ds.transaction(async (em) => {
    const team = await findTeam(em, input.team);
    const moved = await applyCreditDelta(em, team.id, input.credits, 'grant');
    return {
      team_id: team.id,
      team: team.name,
      credits_added: input.credits,
      credits_balance: moved.balance,
      ledger_id: moved.ledgerId,
    };
  });
}

export function registerCreditsCommands(program: Command, run: Runner): void {
  program
    .command('credits:add')
    .description('grant credits to a team (ledger row + balance, one transaction); prints the new balance')
    .requiredOption('--team <team>', 'team name or id')
    .requiredOption('--credits <n>', 'credits to add, a positive integer')
    .action((opts: { team: string; credits: string }) => {
      const input = { team: teamRef('--team', opts.team), credits: positiveInt('--credits', opts.credits) };
      return run((ds) => addCredits(ds, input));
    });
}
