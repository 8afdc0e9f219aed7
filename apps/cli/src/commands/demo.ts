import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { appendAudit, applyCreditDelta, AuditActor, cliActor, Team } from '@app/store';
import { Runner } from '../runner';
import { createKey } from './key';
import { createTeam, TeamView, teamView } from './team';

export const DEMO_TEAM = 'demo';
const DEMO_CREDITS = 100000;

export interface DemoSetup {
  team: TeamView;
  api_key: string;
  key_id: number;
}

/**
 * demo:setup (run by `npm start`): the demo team exists, is enterprise tier and holds at least
 * DEMO_CREDITS, and a fresh unlimited key is printed (keys are shown only once, so every start
 * makes a new one). Each change is audited as the commands making it are (team.create,
 * credits.add, key.create).
 */
export async function setupDemo(ds: DataSource, actor: AuditActor = cliActor()): Promise<DemoSetup> {
  const existing = await ds.getRepository(Team).findOneBy({ name: DEMO_TEAM });
  let team = existing
    ? teamView(existing)
    : await createTeam(
        ds,
        { name: DEMO_TEAM, credits: DEMO_CREDITS, tier: 'enterprise', contractEnd: null },
        actor,
      );
  if (team.credits_balance < DEMO_CREDITS) {
    const credits = DEMO_CREDITS - team.credits_balance;
    await ds.transaction(async (em) => {
      const { balance, ledgerId } = await applyCreditDelta(em, team.team_id, credits, 'grant');
      await appendAudit(em, {
        actor,
        action: 'credits.add',
        teamId: team.team_id,
        target: `team:${team.team_id}`,
        before: { credits_balance: balance - credits },
        after: { credits_balance: balance, credits_added: credits, ledger_id: ledgerId },
      });
    });
    team = teamView(await ds.getRepository(Team).findOneByOrFail({ id: team.team_id }));
  }
  const key = await createKey(ds, { team: { id: team.team_id }, endpoints: null }, actor);
  return { team, api_key: key.api_key, key_id: key.key_id };
}

export function registerDemoCommands(program: Command, run: Runner): void {
  program
    .command('demo:setup')
    .description(
      'ensure the demo team (enterprise, topped up to 100000 credits) and print a new API key for it',
    )
    .action(() => run((ds, _config, _out, actor) => setupDemo(ds, actor)));
}
