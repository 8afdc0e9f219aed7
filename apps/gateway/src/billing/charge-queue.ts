import type { DataSource } from 'typeorm';
import { BilledCall, chargeCalls, type ChargeOutcome } from '@app/store';
import { Coalescer } from '../coalescer';

/** One call's charge: the balance and its key's cap left right after it, or why it was refused. */
export type CallCharge =
  { charged: true; balance: number; capLeft: number | null } | Extract<ChargeOutcome, { charged: false }>;

type Outcome = CallCharge | Error;

/**
 * Group commit for one process's charges: while a team's charge statement is in flight, that
 * team's next calls wait and then go together in one statement (chargeCalls). An idle team's
 * call goes at once, so a lone request waits for nothing; under load a team pays one commit per
 * round trip instead of one per call, and its row lock is held by at most one statement of this
 * process. Every call still waits for the commit that records it before it is answered.
 *
 * Resolves each call with the team's balance and its key's cap left right after its own charge
 * (calls of a batch are charged in arrival order), or the refusal (the balance, or the cap it
 * would pass); then nothing was written for it.
 */
export class ChargeQueue {
  private readonly batches: Coalescer<number, BilledCall, Outcome>;

  constructor(
    private readonly db: DataSource,
    private readonly commit: { async: boolean },
  ) {
    this.batches = new Coalescer((teamId, calls) => this.settle(teamId, calls));
  }

  async charge(teamId: number, call: BilledCall): Promise<CallCharge> {
    const outcome = await this.batches.submit(teamId, call);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  private async settle(teamId: number, calls: BilledCall[]): Promise<Outcome[]> {
    const all = await chargeCalls(this.db, teamId, calls, this.commit);
    if (all.charged) return afterEach(calls, all);
    if (calls.length === 1) return [all];
    // The team or a key cannot pay for all of them: charge one by one, in arrival order, so each
    // call that still fits is served and only the others are refused. Each has its own outcome,
    // so a failure after some were charged never turns a charged call into an error.
    const outcomes: Outcome[] = [];
    for (const call of calls) {
      try {
        const one = await chargeCalls(this.db, teamId, [call], this.commit);
        outcomes.push(one.charged ? afterEach([call], one)[0] : one);
      } catch (error) {
        outcomes.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return outcomes;
  }
}

/**
 * Each call's balance and cap left as if charged alone in arrival order: what the statement
 * returned, plus what the calls after it took.
 */
function afterEach(
  calls: readonly BilledCall[],
  outcome: Extract<ChargeOutcome, { charged: true }>,
): CallCharge[] {
  let balance = outcome.balance + calls.reduce((sum, c) => sum + c.matches, 0);
  const capLeft = new Map(outcome.capLeft);
  for (const c of calls)
    if (c.apiKeyId !== null && capLeft.has(c.apiKeyId))
      capLeft.set(c.apiKeyId, capLeft.get(c.apiKeyId)! + c.matches);
  return calls.map((c) => {
    balance -= c.matches;
    let left: number | null = null;
    if (c.apiKeyId !== null && capLeft.has(c.apiKeyId)) {
      left = capLeft.get(c.apiKeyId)! - c.matches;
      capLeft.set(c.apiKeyId, left);
    }
    return { charged: true, balance, capLeft: left };
  });
}
