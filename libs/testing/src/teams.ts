import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiKey, generateApiKey, insertApiKey, insertTeam, type TeamTier } from '@app/store';
import { uniqueName } from './environment';

export interface SeededTeam {
  id: number;
  /** An unlimited standard key. */
  key: string;
  keyId: number;
}

export interface TeamSeed {
  /** Unique by default, so suites sharing a schema never collide. */
  name?: string;
  credits?: number;
  tier?: TeamTier;
  contractEnd?: string | null;
}

/** A team through the store's own path (ledgered grant), with one unlimited key. */
export async function seedTeam(ds: DataSource, seed: TeamSeed = {}): Promise<SeededTeam> {
  const team = await insertTeam(ds, {
    name: seed.name ?? uniqueName('team-'),
    credits: seed.credits ?? 100,
    tier: seed.tier ?? 'standard',
    contractEnd: seed.contractEnd ?? null,
  });
  const { apiKey, key } = await insertApiKey(ds, team.id, null);
  return { id: team.id, key: apiKey, keyId: key.id };
}

export async function seedKey(ds: DataSource, teamId: number, endpoints: string[] | null = null) {
  const { apiKey, key } = await insertApiKey(ds, teamId, endpoints);
  return { key: apiKey, keyId: key.id };
}

/** The store has no writer for agent keys until agent sign-in exists, so the row is written here. */
export async function seedAgentKey(ds: DataSource, teamId: number) {
  const generated = generateApiKey();
  const row = await ds.manager.save(
    ds.manager.create(ApiKey, {
      teamId,
      prefix: generated.prefix,
      secretHash: generated.secretHash,
      endpoints: null,
      kind: 'agent',
      agentId: randomUUID(),
    }),
  );
  return { key: generated.apiKey, keyId: row.id };
}

export async function balanceOf(ds: DataSource, teamId: number): Promise<number> {
  const [row] = await ds.query(`SELECT credits_balance FROM teams WHERE id = $1`, [teamId]);
  return Number(row.credits_balance);
}
