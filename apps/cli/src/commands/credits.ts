import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { appendAudit, AuditActor, cliActor, grantCredits } from '@app/store';
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

/** credits:add: a `grant` ledger row, the balance increase and the audit row, in one transaction. */
export async function addCredits(
  ds: DataSource,
  input: AddCreditsInput,
  actor: AuditActor = cliActor(),
): Promise<AddCreditsResult> {
  const granted = await ds.transaction(async (em) => {
    const done = await grantCredits(em, input.team, input.credits);
    if (!done) throw new NotFoundError(`${describeTeamRef(input.team)} not found`);
    const { balance, ledgerId } = done.movement;
    await appendAudit(em, {
      actor,
      action: 'credits.add',
      teamId: done.team.id,
      target: `team:${done.team.id}`,
      // The balance row is locked by the grant's UPDATE, so before is exactly after less the grant.
      before: { credits_balance: balance - input.credits },
      after: { credits_balance: balance, credits_added: input.credits, ledger_id: ledgerId },
    });
    return done;
  });
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
      return run((ds, _config, _out, actor) => addCredits(ds, input, actor));
    });
}
