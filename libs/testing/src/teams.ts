import { DataSource } from 'typeorm';
import { ApiKey, generateApiKey, insertApiKey, insertTeam, type TeamTier } from '@app/store';
import { seedAgent, seedPerson } from './agents';
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

/**
 * An unlimited agent key (kind 'agent', endpoints null) of a real agent an admin of the team
 * approved, for guard tests on probe routes. Written here because POST /agent/key (issueAgentKey)
 * always limits a key to AGENT_KEY_ENDPOINTS.
 */
export async function seedAgentKey(ds: DataSource, teamId: number) {
  const person = await seedPerson(ds, { teams: [{ teamId, role: 'admin' }] });
  const agentId = await seedAgent(ds, person.accountId);
  const generated = generateApiKey();
  const row = await ds.manager.save(
    ds.manager.create(ApiKey, {
      teamId,
      prefix: generated.prefix,
      secretHash: generated.secretHash,
      endpoints: null,
      kind: 'agent',
      agentId,
      createdByAccountId: person.accountId,
    }),
  );
  return { key: generated.apiKey, keyId: row.id };
}

export async function balanceOf(ds: DataSource, teamId: number): Promise<number> {
  const [row] = await ds.query(`SELECT credits_balance FROM teams WHERE id = $1`, [teamId]);
  return Number(row.credits_balance);
}
