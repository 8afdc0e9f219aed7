/**
 * Creating teams and their keys: one home for the CLI, the tests and benchmarks (and, with
 * agent sign-in, `/agent/key`), so none of them reaches into another's internals.
 */
import { DataSource, EntityManager } from 'typeorm';
import { applyCreditDelta } from './credits';
import { ApiKey, Team } from './entities';
import { isUniqueViolation } from './errors';
import { generateApiKey } from './keys';
import type { TeamTier } from './values';

export interface NewTeam {
  name: string;
  /** Initial grant, written to the ledger. */
  credits: number;
  tier: TeamTier;
  /** Last valid day, `YYYY-MM-DD`; null = no end. */
  contractEnd: string | null;
}

export class TeamNameTakenError extends Error {
  constructor(readonly teamName: string) {
    super(`team ${JSON.stringify(teamName)} already exists`);
    this.name = 'TeamNameTakenError';
  }
}

/**
 * The team with a zero balance, then the initial grant through the ledger, in one transaction
 * (a savepoint when `db` is a caller's transaction, which may then record it in the audit log).
 */
export async function insertTeam(db: DataSource | EntityManager, input: NewTeam): Promise<Team> {
  try {
    return await db.transaction(async (em) => {
      const { id } = await em.save(
        em.create(Team, {
          name: input.name,
          tier: input.tier,
          creditsBalance: 0,
          contractEnd: input.contractEnd,
        }),
      );
      if (input.credits > 0) await applyCreditDelta(em, id, input.credits, 'grant');
      return em.findOneByOrFail(Team, { id });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'idx_teams_name')) throw new TeamNameTakenError(input.name);
    throw error;
  }
}

/** A key's spend caps in credits (docs/access.md, "Spend caps per key"); null = none. */
export interface KeyCaps {
  dailyCap: number | null;
  monthlyCap: number | null;
}

/**
 * A standard key for the team (`endpoints` null = every endpoint), with its spend caps. The key
 * itself is returned once; only its hash is stored. A prefix collision (1 in ~10^14) is retried
 * with a new key. `db` may be a caller's transaction (which may then record the key in the audit
 * log).
 */
export async function insertApiKey(
  db: DataSource | EntityManager,
  teamId: number,
  endpoints: string[] | null,
  caps: KeyCaps = { dailyCap: null, monthlyCap: null },
): Promise<{ apiKey: string; key: ApiKey }> {
  for (let attempt = 1; ; attempt++) {
    const generated = generateApiKey();
    try {
      // Each attempt in a transaction of its own: a savepoint inside a caller's, so the caller's
      // transaction survives a collision and the retry.
      const key = await db.transaction((em) =>
        em.save(
          em.create(ApiKey, {
            teamId,
            prefix: generated.prefix,
            secretHash: generated.secretHash,
            endpoints,
            kind: 'standard',
            dailyCap: caps.dailyCap,
            monthlyCap: caps.monthlyCap,
          }),
        ),
      );
      return { apiKey: generated.apiKey, key };
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'idx_api_keys_prefix')) continue;
      throw error;
    }
  }
}
