import { EntityManager } from 'typeorm';
import { CreditLedger } from './entities/credit-ledger.entity';
import { Team } from './entities/team.entity';
import { isCheckViolation } from './errors';
import { CreditReason } from './values';

export interface CreditMovement {
  /** The team's balance after the movement. */
  balance: number;
  ledgerId: number;
}

/** A charge would take the team's balance below zero (teams.credits_balance CHECK). Map to HTTP 402. */
export class InsufficientCreditsError extends Error {
  constructor(
    readonly teamId: number,
    readonly requested: number,
  ) {
    super(`team ${teamId} has fewer than ${requested} credits`);
    this.name = 'InsufficientCreditsError';
  }
}

/**
 * How credits move outside billed calls (grants, adjustments; billed calls use chargeCalls, the
 * same rule in one statement): a credit_ledger row plus the same change to teams.credits_balance.
 * Call it with the EntityManager of a transaction (ds.transaction(em => ...)) so both commit or
 * neither does, together with whatever else belongs to the same event (e.g. the usage row).
 * The UPDATE locks the team row, so concurrent movements serialize; an overdraft is rejected by
 * the balance CHECK and surfaces as InsufficientCreditsError (the transaction is then aborted
 * and must be rolled back, which ds.transaction does when the error propagates).
 */
export async function applyCreditDelta(
  em: EntityManager,
  teamId: number,
  delta: number,
  reason: CreditReason,
  refs: { apiKeyId?: number | null; requestId?: string | null } = {},
): Promise<CreditMovement> {
  if (!Number.isSafeInteger(delta) || delta === 0)
    throw new RangeError(`credit delta must be a non-zero integer, got ${delta}`);
  let rows: Array<{ credits_balance: string }>;
  try {
    const updated = await em
      .createQueryBuilder()
      .update(Team)
      .set({ creditsBalance: () => 'credits_balance + :delta' })
      .where('id = :teamId', { teamId, delta })
      .returning('credits_balance')
      .execute();
    rows = updated.raw as Array<{ credits_balance: string }>;
  } catch (error) {
    if (isCheckViolation(error, 'chk_teams_credits_balance_non_negative')) {
      throw new InsufficientCreditsError(teamId, -delta);
    }
    throw error;
  }
  if (rows.length === 0) throw new Error(`team ${teamId} not found`);
  const inserted = await em.insert(CreditLedger, {
    teamId,
    delta,
    reason,
    apiKeyId: refs.apiKeyId ?? null,
    requestId: refs.requestId ?? null,
  });
  return { balance: Number(rows[0].credits_balance), ledgerId: Number(inserted.identifiers[0].id) };
}
