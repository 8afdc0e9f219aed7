import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createKey } from '../../apps/cli/src/commands/key';
import { createTeam } from '../../apps/cli/src/commands/team';

/** A throwaway enterprise team with plenty of credits and a key for every endpoint; `remove` deletes both. */
export async function createBenchKey(db: DataSource): Promise<{ key: string; remove: () => Promise<void> }> {
  const team = await createTeam(db, {
    name: `bench-${randomBytes(5).toString('hex')}`,
    credits: 100_000_000,
    tier: 'enterprise',
    contractEnd: null,
  });
  const key = (await createKey(db, { team: { id: team.team_id }, endpoints: null })).api_key;
  return {
    key,
    remove: async () => {
      await db.query('DELETE FROM teams WHERE id = $1', [team.team_id]);
    },
  };
}
