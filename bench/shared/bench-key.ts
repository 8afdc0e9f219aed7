import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { insertApiKey, insertTeam } from '@app/store';

/** A throwaway enterprise team with plenty of credits and a key for every endpoint; `remove` deletes both. */
export async function createBenchKey(
  db: DataSource,
): Promise<{ key: string; teamId: number; remove: () => Promise<void> }> {
  const team = await insertTeam(db, {
    name: `bench-${randomBytes(5).toString('hex')}`,
    credits: 100_000_000,
    tier: 'enterprise',
    contractEnd: null,
  });
  const key = (await insertApiKey(db, team.id, null)).apiKey;
  return {
    key,
    teamId: team.id,
    remove: async () => {
      await db.query('DELETE FROM teams WHERE id = $1', [team.id]);
    },
  };
}
