/**
 * The soak's money check: the team's credit_ledger deltas against its balance, before the run,
 * after the smoke requests and at the end.
 */
import type { DataSource } from 'typeorm';

/** The team's credits_balance now. */
export async function creditsBalance(db: DataSource, teamId: number): Promise<number> {
  return Number(
    (
      (await db.query('SELECT credits_balance FROM teams WHERE id = $1', [teamId])) as Array<{
        credits_balance: string;
      }>
    )[0].credits_balance,
  );
}

/**
 * Every charge is a ledger row: the balance moved by the sum of the non-grant deltas since
 * `balanceBefore`, and the sum of all deltas is the balance.
 */
export async function ledgerCheck(db: DataSource, teamId: number, balanceBefore: number, afterSmoke: number) {
  const [ledger] = (await db.query(
    `SELECT coalesce(sum(delta), 0)::bigint AS all_deltas,
            coalesce(sum(delta) FILTER (WHERE reason <> 'grant'), 0)::bigint AS charges,
            count(*) FILTER (WHERE reason = 'match')::int AS match_rows,
            count(*) FILTER (WHERE reason = 'refund')::int AS refund_rows,
            (SELECT credits_balance FROM teams WHERE id = $1)::bigint AS balance
       FROM credit_ledger WHERE team_id = $1`,
    [teamId],
  )) as Array<Record<string, string>>;
  const balanceAfter = Number(ledger.balance);
  return {
    team_id: teamId,
    balance_before_run: balanceBefore,
    balance_after_smoke: afterSmoke,
    balance_after: balanceAfter,
    balance_change: balanceAfter - balanceBefore,
    sum_of_non_grant_deltas: Number(ledger.charges),
    sum_of_all_deltas: Number(ledger.all_deltas),
    match_rows: ledger.match_rows,
    refund_rows: ledger.refund_rows,
    ok: Number(ledger.charges) === balanceAfter - balanceBefore && Number(ledger.all_deltas) === balanceAfter,
  };
}
