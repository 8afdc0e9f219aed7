import type { DataSource } from 'typeorm';
import { BilledCall, chargeCalls } from '@app/store';

/** Far above what piles up in one round trip; bounds the statement's arrays. */
const MAX_BATCH = 500;

interface Waiting {
  call: BilledCall;
  resolve(remaining: number | null): void;
  reject(error: unknown): void;
}

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
  private readonly queues = new Map<number, Waiting[]>();

  constructor(private readonly db: DataSource) {}

  charge(teamId: number, call: BilledCall): Promise<number | null> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(teamId);
      if (queue) {
        queue.push({ call, resolve, reject });
        return;
      }
      this.queues.set(teamId, [{ call, resolve, reject }]);
      void this.drain(teamId);
    });
  }

  /** Runs while the team has waiting calls; the map entry is the team's "in flight" mark. */
  private async drain(teamId: number): Promise<void> {
    const queue = this.queues.get(teamId)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await this.settle(teamId, batch);
      } catch (error) {
        // Nothing of a failed statement was written; later calls get their own attempt.
        for (const w of batch) w.reject(error);
      }
    }
    this.queues.delete(teamId);
  }

  private async settle(teamId: number, batch: Waiting[]): Promise<void> {
    const after = await chargeCalls(
      this.db,
      teamId,
      batch.map((w) => w.call),
    );
    if (after !== null) {
      let remaining = after + batch.reduce((sum, w) => sum + w.call.matches, 0);
      for (const w of batch) w.resolve((remaining -= w.call.matches));
      return;
    }
    if (batch.length === 1) return batch[0].resolve(null);
    // The team cannot pay for all of them: charge one by one, in arrival order, so each call
    // that still fits is served and only the others are refused.
    while (batch.length > 0) {
      const w = batch[0];
      w.resolve(await chargeCalls(this.db, teamId, [w.call]));
      batch.shift();
    }
  }
}
