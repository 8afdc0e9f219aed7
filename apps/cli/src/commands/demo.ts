import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { applyCreditDelta, Team } from '@app/store';
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
 * makes a new one).
 */
export async function setupDemo(ds: DataSource): Promise<DemoSetup> {
  const existing = await ds.getRepository(Team).findOneBy({ name: DEMO_TEAM });
  let team = existing
    ? teamView(existing)
    : await createTeam(ds, { name: DEMO_TEAM, credits: DEMO_CREDITS, tier: 'enterprise', contractEnd: null });
  if (team.credits_balance < DEMO_CREDITS) {
    await ds.transaction((em) =>
      applyCreditDelta(em, team.team_id, DEMO_CREDITS - team.credits_balance, 'grant'),
    );
    team = teamView(await ds.getRepository(Team).findOneByOrFail({ id: team.team_id }));
  }
  const key = await createKey(ds, { team: { id: team.team_id }, endpoints: null });
  return { team, api_key: key.api_key, key_id: key.key_id };
}

export function registerDemoCommands(program: Command, run: Runner): void {
  program
    .command('demo:setup')
    .description(
      'ensure the demo team (enterprise, topped up to 100000 credits) and print a new API key for it',
    )
    .action(() => run((ds) => setupDemo(ds)));
}
