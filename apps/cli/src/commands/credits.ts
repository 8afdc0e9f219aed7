import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { grantCredits } from '@app/store';
import { positiveInt, TeamRef, teamRef } from '../args';
import { NotFoundError } from '../errors';
import { Runner } from '../runner';
import { describeTeamRef } from './lookup';

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

/** credits:add: a `grant` ledger row and the balance increase, in one transaction (libs/store). */
export async function addCredits(ds: DataSource, input: AddCreditsInput): Promise<AddCreditsResult> {
  const granted = await grantCredits(ds, input.team, input.credits);
  if (!granted) throw new NotFoundError(`${describeTeamRef(input.team)} not found`);
  return {
    team_id: granted.team.id,
    team: granted.team.name,
    credits_added: input.credits,
    credits_balance: granted.movement.balance,
    ledger_id: granted.movement.ledgerId,
  };
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
