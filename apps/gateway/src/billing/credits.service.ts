import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { LruCache } from '@app/cache';
import type { AccessedRecords } from '@app/store';
import { type Caller, contractExpired, utcToday } from '../access';
import { ChargeQueue } from './charge-queue';

const MAX_TEAMS = 10_000;

interface BalanceHint {
  balance: number;
  expiresAt: number;
}

export interface Charge {
  /** Credits taken by this call. */
  charged: number;
  /** The team's balance right after the charge. */
  remaining: number;
  /** This call's id in the ledger and usage, unique per team (a request id need not be). */
  chargeId: string;
}

export interface BillableCall {
  caller: Caller;
  endpoint: string;
  /** The caller's X-Request-Id, kept for tracing. */
  requestId: string;
  /** The Idempotency-Key the request holds, marked charged by the charge itself; else null. */
  idempotencyKey: string | null;
  matches: number;
  /** What the access log keeps of the call, written with its charge; null when nothing is. */
  accessed: AccessedRecords | null;
}

/**
 * Credits for billed endpoints. The pre-check before the handler is cheap: it trusts this
 * process's last known balance (set by its own charges and reads, at most API_KEY_CACHE_TTL_MS
 * old) when that says "enough", and asks Postgres whenever it would say no, so a team that was
 * just topped up is never turned away. The charge after the handler is the authority: one
 * conditional UPDATE with the ledger and usage rows in the same statement, batched per team
 * while a previous charge is in flight (ChargeQueue, chargeCalls).
 */
@Injectable()
export class CreditsService {
  private readonly hints = new LruCache<number, BalanceHint>(MAX_TEAMS);
  private readonly hintTtlMs: number;
  private readonly charges: ChargeQueue;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.hintTtlMs = config.access.apiKeyCacheTtlMs;
    this.charges = new ChargeQueue(db, { async: config.access.creditsCommit === 'async' });
  }

  /** 402 before any work when the contract has ended or the team holds no credit. */
  async precheck(caller: Caller): Promise<void> {
    const hint = this.hints.get(caller.teamId);
    if (!contractExpired(caller.contractEnd) && hint && hint.expiresAt > Date.now() && hint.balance >= 1)
      return;
    const rows: Array<{ credits_balance: string; contract_end: string | null }> = await this.db.query(
      `SELECT credits_balance, to_char(contract_end, 'YYYY-MM-DD') AS contract_end FROM teams WHERE id = $1`,
      [caller.teamId],
    );
    if (rows.length === 0)
      throw new ServiceError('unauthorized', 'The API key in the API-Key header is not valid.');
    const balance = Number(rows[0].credits_balance);
    this.remember(caller.teamId, balance);
    const contractEnd = rows[0].contract_end;
    if (contractExpired(contractEnd)) {
      throw new ServiceError(
        'contract_expired',
        `Your team's contract ended on ${contractEnd}. Renew it to use billed endpoints; the sandbox stays available.`,
        { contract_end: contractEnd, today: utcToday() },
      );
    }
    if (balance < 1) throw emptyBalance(balance);
  }

  /**
   * Records one successful billed call: the credits (one per match) and its usage row commit
   * together or not at all. More matches than credits: 402 and nothing is charged or recorded.
   */
  async charge(call: BillableCall): Promise<Charge> {
    const { caller, matches } = call;
    const chargeId = randomUUID();
    const remaining = await this.charges.charge(caller.teamId, {
      apiKeyId: caller.keyId,
      endpoint: call.endpoint,
      requestId: call.requestId,
      chargeId,
      idempotencyKey: call.idempotencyKey,
      matches,
      accessed: call.accessed,
    });
    if (remaining === null) {
      const balance = await this.balance(caller.teamId);
      this.remember(caller.teamId, balance);
      throw notCovered(balance);
    }
    this.remember(caller.teamId, remaining);
    return { charged: matches, remaining, chargeId };
  }

  private async balance(teamId: number): Promise<number> {
    const rows: Array<{ credits_balance: string }> = await this.db.query(
      `SELECT credits_balance FROM teams WHERE id = $1`,
      [teamId],
    );
    return rows.length ? Number(rows[0].credits_balance) : 0;
  }

  private remember(teamId: number, balance: number): void {
    this.hints.set(teamId, { balance, expiresAt: Date.now() + this.hintTtlMs });
  }
}

function emptyBalance(balance: number): ServiceError {
  return new ServiceError(
    'insufficient_credits',
    `Your team has no credits left (balance ${balance}). Add credits to continue; nothing was charged.`,
    { credits_required: 1, credits_balance: balance },
  );
}

/**
 * The charge refused: the matches cost more than the balance. The answer names the balance only,
 * never the match count, so a team with one credit cannot learn for free how many records a
 * request would have matched (the one bit "more than the balance" is unavoidable: it is the
 * refusal itself). The results are discarded, not served in part (docs/access.md, "Credits").
 */
function notCovered(balance: number): ServiceError {
  return new ServiceError(
    'insufficient_credits',
    `This request found more matches than your team's balance of ${balance} credits covers; nothing was charged and no results are returned. Add credits, or narrow the request (e.g. fewer bulk items).`,
    { credits_balance: balance },
  );
}
