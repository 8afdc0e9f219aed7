import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { LruCache } from '@app/cache';
import { type AccessedRecords, type CapRefusal, readKeySpend } from '@app/store';
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
  /** What the key may still spend before its tighter cap, right after the charge; null: no cap. */
  capLeft: number | null;
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
  /** Per key: what its tighter cap left, as last seen here (keys with a cap only). */
  private readonly capHints = new LruCache<number, BalanceHint>(MAX_TEAMS);
  private readonly hintTtlMs: number;
  private readonly charges: ChargeQueue;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.hintTtlMs = config.access.apiKeyCacheTtlMs;
    this.charges = new ChargeQueue(db, { async: config.access.creditsCommit === 'async' });
  }

  /**
   * 402 before any work when the contract has ended, the team holds no credit, or the key has
   * reached a spend cap.
   */
  async precheck(caller: Caller): Promise<void> {
    await this.precheckTeam(caller);
    if (caller.capped) await this.precheckCap(caller.keyId);
  }

  private async precheckTeam(caller: Caller): Promise<void> {
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

  /** Like the balance: a remembered "some left" is trusted, anything else is asked of Postgres. */
  private async precheckCap(keyId: number): Promise<void> {
    const hint = this.capHints.get(keyId);
    if (hint && hint.expiresAt > Date.now() && hint.balance >= 1) return;
    const [spend] = await readKeySpend(this.db, [keyId]);
    if (!spend) return;
    if (spend.reached) throw capReached(spend.reached);
    if (spend.capLeft !== null) this.rememberCap(keyId, spend.capLeft);
  }

  /**
   * Records one successful billed call: the credits (one per match) and its usage row commit
   * together or not at all. More matches than credits: 402 and nothing is charged or recorded.
   */
  async charge(call: BillableCall): Promise<Charge> {
    const { caller, matches } = call;
    const chargeId = randomUUID();
    const outcome = await this.charges.charge(caller.teamId, {
      apiKeyId: caller.keyId,
      endpoint: call.endpoint,
      requestId: call.requestId,
      chargeId,
      idempotencyKey: call.idempotencyKey,
      matches,
      accessed: call.accessed,
    });
    if (!outcome.charged) {
      if (outcome.cap) {
        this.rememberCap(caller.keyId, 0);
        throw capReached(outcome.cap);
      }
      const balance = outcome.balance ?? 0;
      this.remember(caller.teamId, balance);
      throw notCovered(balance);
    }
    this.remember(caller.teamId, outcome.balance);
    if (outcome.capLeft !== null) this.rememberCap(caller.keyId, outcome.capLeft);
    return { charged: matches, remaining: outcome.balance, capLeft: outcome.capLeft, chargeId };
  }

  private remember(teamId: number, balance: number): void {
    this.hints.set(teamId, { balance, expiresAt: Date.now() + this.hintTtlMs });
  }

  private rememberCap(keyId: number, left: number): void {
    this.capHints.set(keyId, { balance: left, expiresAt: Date.now() + this.hintTtlMs });
  }
}

/**
 * The key's daily or monthly cap refused the call (docs/access.md, "Spend caps per key"). Like
 * the balance's 402 it names no match count: `spent` is what the key had spent before this call.
 */
export function capReached(cap: CapRefusal, now = Date.now()): ServiceError {
  const retryAfter = Math.max(1, Math.ceil((Date.parse(cap.resetsAt) - now) / 1000));
  const period = cap.period === 'day' ? 'daily' : 'monthly';
  return new ServiceError(
    'key_cap_reached',
    `This API key has reached its ${period} spend cap of ${cap.cap} credits (${cap.spent} spent this ${cap.period}); nothing was charged and no results are returned. The cap resets at ${cap.resetsAt}; a team admin can raise it (key:update).`,
    {
      cap: cap.cap,
      period: cap.period,
      spent: cap.spent,
      resets_at: cap.resetsAt,
      retry_after_seconds: retryAfter,
    },
  );
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
