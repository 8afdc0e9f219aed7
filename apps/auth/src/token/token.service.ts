import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { errors as joseErrors, JWTPayload } from 'jose';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { touchConnectedAgent, useJtiOnce } from '@app/store';
import { ASSERTION_LIFETIME_SECONDS } from '../claims/claims.service';
import { SigningKeys } from '../signing/signing-keys';
import { OAuthError } from './oauth-error';

/** Access tokens are only for POST {base_url}/agent/key, so they need to live only minutes. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 300;
/** Clock difference tolerated between our processes and the assertion's iat/exp (RFC 7523 §3). */
export const CLOCK_SKEW_SECONDS = 60;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The assertion expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The assertion's ${error.claim} claim is not valid.`;
  return 'The assertion is not a valid identity assertion of this service.';
}

/** RFC 7523 JWT-bearer exchange: an identity assertion, once, for a short-lived access token. */
@Injectable()
export class TokenService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: SigningKeys,
  ) {}

  async exchange(assertion: string): Promise<TokenResponse> {
    const claims = await this.verify(assertion);
    const accountId = Number(claims.sub);
    const agentId = claims.agent_id as string;
    // The replay check comes before anything else can succeed: a jti is spent even when the
    // agent turns out to be disconnected.
    const keepUntil = new Date((claims.exp! + CLOCK_SKEW_SECONDS) * 1000);
    if (!(await useJtiOnce(this.ds, claims.jti!, keepUntil)))
      throw new OAuthError('invalid_grant', 'The assertion was already used.');
    if (!(await touchConnectedAgent(this.ds, agentId, accountId)))
      throw new OAuthError('invalid_grant', 'The agent of this assertion is not connected.');
    const access_token = await this.keys.sign(
      {
        iss: this.config.publicAuthUrl,
        aud: this.config.publicBaseUrl,
        sub: String(accountId),
        agent_id: agentId,
        token_use: 'agent_key',
        jti: randomUUID(),
      },
      ACCESS_TOKEN_LIFETIME_SECONDS,
    );
    return { access_token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_LIFETIME_SECONDS };
  }

  private async verify(assertion: string): Promise<JWTPayload> {
    let claims: JWTPayload;
    try {
      claims = await this.keys.verify(assertion, {
        issuer: this.config.publicAuthUrl,
        audience: `${this.config.publicAuthUrl}/oauth2/token`,
        clockTolerance: CLOCK_SKEW_SECONDS,
        // With maxTokenAge jose also refuses an iat in the future beyond the tolerance.
        maxTokenAge: ASSERTION_LIFETIME_SECONDS,
        requiredClaims: ['iss', 'aud', 'sub', 'exp', 'iat', 'jti'],
      });
    } catch (error) {
      throw new OAuthError('invalid_grant', describe(error));
    }
    const agentId = claims.agent_id;
    if (typeof agentId !== 'string' || !UUID.test(agentId) || !/^[1-9][0-9]{0,9}$/.test(claims.sub ?? ''))
      throw new OAuthError('invalid_grant', 'The assertion does not name a claimed agent.');
    return claims;
  }
}
