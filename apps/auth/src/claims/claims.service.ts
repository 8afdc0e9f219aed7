import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import {
  AttemptOutcome,
  CLAIM_CODE_TTL_SECONDS,
  completeAgentClaim,
  countAttempt,
  openAgentClaim,
  randomSecret,
  renewAgentClaim,
  sha256Hex,
} from '@app/store';
import { AuthMetrics } from '../metrics/auth-metrics';
import { SigningKeys } from '../signing/signing-keys';
import { decoyClaimId } from './decoy-claim';
import { ClaimCompletionDto, ClaimRenewalDto, IdentityRequestDto } from './dto/claim.dto';
import { identityLimits } from './identity-throttle';
import { normalizeUserCode } from './user-code';

/** The identity assertion lasts as long as a code: the agent exchanges it right away. */
export const ASSERTION_LIFETIME_SECONDS = 300;

export interface ClaimResponse {
  claim: { token: string; attempt: { verification_uri: string; expires_in: number } };
}

export interface IdentityResponse {
  identity: { assertion: string };
}

const DEFAULT_AGENT_NAME = 'AI agent';

/** Never used to compare: what a claim's code hash is until the person views the page. */
const unguessableHash = () => sha256Hex(randomSecret());

/** The agent's side of a claim: open, renew, complete (docs/agents.md). */
@Injectable()
export class ClaimsService {
  private readonly decoySecret: Buffer;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: SigningKeys,
    private readonly metrics: AuthMetrics,
  ) {
    this.decoySecret = keys.derivedSecret('decoy-claims');
  }

  /**
   * A claim for an account that may approve agents; for any other email a decoy claim, stored
   * the same way for no account, which behaves like a claim whose person never looks (every
   * completion 409 `claim_not_confirmed`, renewals answer normally): neither the answer nor
   * its cost tells whether the email has an account. Counted first against the limits.
   */
  async open(dto: IdentityRequestDto, client: string): Promise<ClaimResponse> {
    const attempt = await countAttempt(this.ds, identityLimits(dto.login_hint, client));
    if (attempt.kind === 'refused') {
      this.metrics.refused(attempt.scope);
      throw identityRateLimited(attempt);
    }
    const token = `clm_${randomSecret()}`;
    const { claimId } = await openAgentClaim(this.ds, {
      email: dto.login_hint,
      agentName: dto.client_name || DEFAULT_AGENT_NAME,
      tokenHash: sha256Hex(token),
      codeHash: unguessableHash(),
    });
    return this.answer(token, claimId);
  }

  async renew(dto: ClaimRenewalDto): Promise<ClaimResponse> {
    const outcome = await renewAgentClaim(this.ds, sha256Hex(dto.claim_token), unguessableHash());
    switch (outcome.kind) {
      case 'renewed':
        return this.answer(dto.claim_token, outcome.claimId);
      case 'unknown':
        return this.answer(dto.claim_token, decoyClaimId(this.decoySecret, dto.claim_token));
      case 'completed':
        throw claimCompleted();
      case 'failed':
        throw claimFailed();
    }
  }

  async complete(dto: ClaimCompletionDto): Promise<IdentityResponse> {
    const outcome = await completeAgentClaim(
      this.ds,
      sha256Hex(dto.claim_token),
      sha256Hex(normalizeUserCode(dto.user_code)),
    );
    switch (outcome.kind) {
      case 'completed':
        return { identity: { assertion: await this.assertion(outcome.accountId, outcome.agentId) } };
      case 'unknown':
      case 'not_confirmed':
        throw new ServiceError(
          'claim_not_confirmed',
          `The person has not opened the verification link and viewed the code yet; retry in a few seconds. A link not opened within ${CLAIM_CODE_TTL_SECONDS} seconds expires: then POST /agent/identity/claim for a new one.`,
        );
      case 'wrong_code':
        throw new ServiceError(
          'invalid_user_code',
          `That code is not the one shown to the person; ${outcome.attemptsLeft} attempt(s) left before the claim ends.`,
          { attempts_left: outcome.attemptsLeft },
        );
      case 'expired':
        throw new ServiceError(
          'claim_code_expired',
          'The code expired. POST /agent/identity/claim with the claim_token for a new one; the person opens the link again.',
        );
      case 'already_completed':
        throw claimCompleted();
      case 'failed':
        throw claimFailed();
    }
  }

  private answer(token: string, claimId: string): ClaimResponse {
    return {
      claim: {
        token,
        attempt: {
          verification_uri: `${this.config.publicAuthUrl}/agent/verify?claim=${claimId}`,
          expires_in: CLAIM_CODE_TTL_SECONDS,
        },
      },
    };
  }

  private assertion(accountId: number, agentId: string): Promise<string> {
    const iss = this.config.publicAuthUrl;
    return this.keys.sign(
      { iss, aud: `${iss}/oauth2/token`, sub: String(accountId), agent_id: agentId, jti: randomUUID() },
      ASSERTION_LIFETIME_SECONDS,
    );
  }
}

function identityRateLimited(refusal: Extract<AttemptOutcome, { kind: 'refused' }>): ServiceError {
  const per = refusal.scope === 'identity:login_hint' ? 'login_hint' : 'address';
  return new ServiceError(
    'rate_limited',
    `Too many identity requests for this ${per} (${refusal.limit} per ${refusal.windowSeconds / 60} minutes). Retry after ${refusal.retryAfterSeconds} s.`,
    {
      per,
      limit: refusal.limit,
      window_seconds: refusal.windowSeconds,
      retry_after_seconds: refusal.retryAfterSeconds,
    },
  );
}

function claimCompleted(): ServiceError {
  return new ServiceError(
    'claim_completed',
    'This claim already delivered its assertion (once only). Start again with POST /agent/identity if it was lost.',
  );
}

function claimFailed(): ServiceError {
  return new ServiceError(
    'claim_failed',
    'This claim ended after too many wrong codes. Start again with POST /agent/identity.',
  );
}
