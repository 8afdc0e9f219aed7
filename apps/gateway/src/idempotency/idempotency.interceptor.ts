import { CallHandler, ExecutionContext, Inject, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { DataSource } from 'typeorm';
import { ServiceError } from '@app/contracts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  purgeIdempotencyKeys,
  releaseIdempotencyKey,
} from '@app/store';
import { setClaimedIdempotencyKey } from './claimed-key';
import { IDEMPOTENCY_OWNER, type IdempotencyOwner } from './idempotency-owner';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf, requestFingerprint } from './idempotency-key';

/** Response headers a replay repeats: the body's type and what the first call was charged. */
const REPLAYED_HEADERS = ['content-type', 'x-credits-charged', 'x-credits-remaining'];
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * `Idempotency-Key` on billed POSTs, with Stripe's semantics (docs/access.md, "Idempotent
 * retries"): the first request with a key runs and its successful response is stored; a retry
 * with the same key and the same request within 24 h gets that response back (header
 * `Idempotent-Replayed: true`) without running or charging again; the same key with another
 * request is 422 `idempotency_key_reused`; a retry while the first still runs is 409 `conflict`.
 * A request that fails before its charge frees its key, so it can be retried as is. One that
 * fails after it (or whose charge's answer was lost) keeps the key: the charge marked it in its
 * own commit, so a retry is told 409 "charged, no answer" (Stripe too replays a failure rather
 * than running a charge twice) instead of paying again.
 *
 * Attached outermost by @BilledMatches(), so it stores the shaped body exactly as sent and a
 * replay skips billing. Keys live in Postgres, per team, so every gateway shares them; which
 * team a request's key belongs to, and whether the request is charged at all, is told by the
 * IDEMPOTENCY_OWNER the billing feature provides (this feature knows nothing of API keys).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly log = new Logger(IdempotencyInterceptor.name);
  private lastPurge = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDEMPOTENCY_OWNER) private readonly ownerOf: IdempotencyOwner,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    // Only charged POSTs: a GET is a read, and the sandbox charges nothing to protect.
    if (request.method !== 'POST') return next.handle();
    const teamId = this.ownerOf(request);
    if (teamId === null) return next.handle();
    const key = idempotencyKeyOf(request);
    if (key === null) return next.handle();
    const reply = http.getResponse<FastifyReply>();
    const fingerprint = requestFingerprint(request);
    this.purgeNowAndThen();

    return from(claimIdempotencyKey(this.db, teamId, key, fingerprint)).pipe(
      mergeMap((claim) => {
        switch (claim.kind) {
          case 'mismatch':
            throw new ServiceError(
              'idempotency_key_reused',
              'This Idempotency-Key was already used with a different request in the last 24 hours. Send a new key for a new request.',
              { header: 'Idempotency-Key' },
            );
          case 'in_flight':
            void reply.header('Retry-After', '1');
            throw new ServiceError(
              'conflict',
              'A request with this Idempotency-Key is still being processed. Retry shortly to get its response.',
              { header: 'Idempotency-Key' },
            );
          case 'done':
            for (const [name, value] of Object.entries(claim.headers)) void reply.header(name, value);
            void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
            return of(claim.body);
          case 'charged_without_answer':
            throw chargedWithoutAnswer(claim.chargeId);
          case 'claimed':
            setClaimedIdempotencyKey(request, key);
            return next.handle().pipe(
              mergeMap((body: unknown) => from(this.store(reply, teamId, key, fingerprint, body))),
              catchError((error: unknown) =>
                from(this.release(teamId, key, fingerprint)).pipe(mergeMap(() => throwError(() => error))),
              ),
            );
        }
      }),
    );
  }

  private async store(
    reply: FastifyReply,
    teamId: number,
    key: string,
    fingerprint: string,
    body: unknown,
  ): Promise<string> {
    // Serialized here, once, so the replay is byte for byte what this caller received.
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    if (typeof body !== 'string') void reply.header('Content-Type', 'application/json; charset=utf-8');
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    try {
      await completeIdempotencyKey(this.db, teamId, key, fingerprint, { headers, body: text });
    } catch (error) {
      // The call is charged and its answer is ready: the caller gets it. A retry then finds the
      // key in flight (409) until the lease ends, and charged without an answer after it (409):
      // the charge marked the key, so it is never taken over and charged twice.
      this.log.warn({ err: error, teamId }, 'could not store an idempotent response');
    }
    return text;
  }

  private async release(teamId: number, key: string, fingerprint: string): Promise<void> {
    try {
      const chargeId = await releaseIdempotencyKey(this.db, teamId, key, fingerprint);
      if (chargeId !== null)
        this.log.warn({ teamId, chargeId }, 'a charged request failed; its idempotency key now answers 409');
    } catch (error) {
      // Uncharged, the lease frees the key later; charged, it answers 409 once the lease ends.
      // The caller's own error matters more than this one.
      this.log.warn({ err: error, teamId }, 'could not release an idempotency key');
    }
  }

  /** Keys past 24 h are reclaimed on reuse anyway; this keeps the table from growing forever. */
  private purgeNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    purgeIdempotencyKeys(this.db).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not purge expired idempotency keys'),
    );
  }
}

/** A retry of a request that was charged and then failed: never run or charged again. */
function chargedWithoutAnswer(chargeId: string): ServiceError {
  return new ServiceError(
    'conflict',
    'The first request with this Idempotency-Key was charged, then failed before its response could be delivered or stored, so there is no response to replay. It is not run or charged again under this key; send a new Idempotency-Key to run it again (it is then charged again).',
    { header: 'Idempotency-Key', charged: true, charge_id: chargeId },
  );
}
