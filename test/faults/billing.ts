import type { DataSource } from 'typeorm';
import { balanceOf } from '@app/testing';
import type { Outcome } from './servers';

/** A team's balance and the credits its ledger has charged for matches, at one moment. */
export interface Billing {
  balance: number;
  ledger: number;
}

export async function billingOf(db: DataSource, teamId: number): Promise<Billing> {
  const [row] = await db.query(
    `SELECT COALESCE(-SUM(delta), 0) AS charged FROM credit_ledger WHERE team_id = $1 AND reason = 'match'`,
    [teamId],
  );
  return { balance: await balanceOf(db, teamId), ledger: Number(row.charged) };
}

export const deliveredMatches = (outcomes: Outcome[]) => outcomes.reduce((n, o) => n + o.matches, 0);
export const chargedInHeaders = (outcomes: Outcome[]) => outcomes.reduce((n, o) => n + o.charged, 0);

/**
 * Since `before`, the X-Credits-Charged headers, the ledger and the balance all moved by exactly
 * the matches delivered in 200 responses: nothing charged for an answer that never arrived.
 */
export async function expectChargedEqualsDelivered(
  outcomes: Outcome[],
  db: DataSource,
  teamId: number,
  before: Billing,
): Promise<void> {
  const delivered = deliveredMatches(outcomes);
  expect(delivered).toBeGreaterThan(0);
  expect(chargedInHeaders(outcomes)).toBe(delivered);
  const after = await billingOf(db, teamId);
  expect(after.ledger - before.ledger).toBe(delivered);
  expect(after.balance).toBe(before.balance - delivered);
}
