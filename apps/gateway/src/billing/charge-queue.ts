import type { DataSource } from 'typeorm';
import { BilledCall, chargeCalls } from '@app/store';
import { Coalescer } from '../coalescer';

type Outcome = number | null | Error;

/**
 * Group commit for one process's charges: while a team's charge statement is in flight, that
 * team's next calls wait and then go together in one statement (chargeCalls). An idle team's
 * call goes at once, so a lone request waits for nothing; under load a team pays one commit per
 * round trip instead of one per call, and its row lock is held by at most one statement of this
 * process. Every call still waits for the commit that records it before it is answered.
 *
 * Resolves each call with the team's balance right after its own charge (calls of a batch are
 * charged in arrival order), or null when the team cannot pay for it; then nothing was written.
 */
export class ChargeQueue {
  private readonly batches: Coalescer<number, BilledCall, Outcome>;

  constructor(
    private readonly db: DataSource,
    private readonly commit: { async: boolean },
  ) {
    this.batches = new Coalescer((teamId, calls) => this.settle(teamId, calls));
  }

  async charge(teamId: number, call: BilledCall): Promise<number | null> {
    const outcome = await this.batches.submit(teamId, call);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  private async settle(teamId: number, calls: BilledCall[]): Promise<Outcome[]> {
    const after = await chargeCalls(this.db, teamId, calls, this.commit);
    if (after !== null) {
      let remaining = after + calls.reduce((sum, c) => sum + c.matches, 0);
      return calls.map((c) => (remaining -= c.matches));
    }
    if (calls.length === 1) return [null];
    // The team cannot pay for all of them: charge one by one, in arrival order, so each call
    // that still fits is served and only the others are refused. Each has its own outcome, so
    // a failure after some were charged never turns a charged call into an error.
    const outcomes: Outcome[] = [];
    for (const call of calls) {
      try {
        outcomes.push(await chargeCalls(this.db, teamId, [call], this.commit));
      } catch (error) {
        outcomes.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return outcomes;
  }
}
