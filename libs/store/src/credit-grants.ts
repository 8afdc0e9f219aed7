import { DataSource, EntityManager } from 'typeorm';
import { applyCreditDelta, CreditMovement } from './credits';
import { Team } from './entities';

/** A team by id or by its exact name. */
export type TeamSelector = { id: number } | { name: string };

/**
 * A credit top-up: a `grant` ledger row and the balance increase, with the team looked up in
 * the same transaction (a caller's, when `db` is one). Null when no such team exists.
 */
export async function grantCredits(
  db: DataSource | EntityManager,
  team: TeamSelector,
  credits: number,
): Promise<{ team: Team; movement: CreditMovement } | null> {
  return db.transaction(async (em) => {
    const found = await em.findOneBy(Team, 'id' in team ? { id: team.id } : { name: team.name });
    if (!found) return null;
    return { team: found, movement: await applyCreditDelta(em, found.id, credits, 'grant') };
  });
}
