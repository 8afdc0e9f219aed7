import { Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { APP_CONFIG, AppConfig } from '@app/config';
import { AGENT_ACCESS_TOKEN_USE, ServiceError } from '@app/contracts';

/** What a verified access token says: which agent, approved by whom. */
export interface AgentToken {
  agentId: string;
  /** The approving person's account id (the token's `sub`). */
  accountId: number;
}

/** A JWKS fetch past this is a 503 (the auth service is down or hung), not a hung request. */
export const JWKS_TIMEOUT_MS = 2000;
/** The auth service issues 300 s tokens; a few seconds of clock skew between hosts is tolerated. */
const CLOCK_TOLERANCE_S = 5;
/** Refuses a token whose iat says it lived longer than any token the auth service issues. */
const MAX_TOKEN_AGE = '10m';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** jose's errors that describe the token itself; any other failure is the JWKS being unreachable or broken. */
const TOKEN_ERRORS = new Set<string>([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
]);

export const invalidToken = (why: string) =>
  new ServiceError('invalid_token', `The access token in the Authorization header is not valid: ${why}.`, {
    header: 'Authorization',
  });

// The scheme name is case-insensitive (RFC 9110 §11.1); the token is a compact JWS.
const BEARER = /^bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/**
 * Verifies an agent's access token (the contract with apps/auth): ES256 signed by a key in the
 * auth service's JWKS, fetched from AUTH_INTERNAL_URL and cached by jose; iss = PUBLIC_AUTH_URL,
 * aud = PUBLIC_BASE_URL, unexpired, token_use `agent_key`, sub an account id, agent_id a uuid.
 * 401 `invalid_token` for any problem of the token, 503 when the JWKS cannot be had in time.
 * Whether the agent is still connected is the store's question (AgentKeyService).
 */
@Injectable()
export class AgentTokenVerifier {
  private readonly logger = new Logger('AgentTokenVerifier');
  private readonly jwks: JWTVerifyGetKey;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.jwks = createRemoteJWKSet(new URL(`${config.authInternalUrl}/.well-known/jwks.json`), {
      timeoutDuration: JWKS_TIMEOUT_MS,
    });
  }

  async verify(authorization: string | string[] | undefined): Promise<AgentToken> {
    const header = Array.isArray(authorization) ? authorization[0] : authorization;
    if (header === undefined || header.trim() === '')
      throw new ServiceError(
        'invalid_token',
        'Send the access token from the token exchange as `Authorization: Bearer <token>`.',
        { header: 'Authorization' },
      );
    const token = BEARER.exec(header.trim())?.[1];
    if (!token) throw invalidToken('expected `Bearer <JWT>`');
    const payload = await this.payloadOf(token);
    if (payload.token_use !== AGENT_ACCESS_TOKEN_USE) throw invalidToken('it is not an agent access token');
    const accountId =
      typeof payload.sub === 'string' && /^[1-9]\d{0,9}$/.test(payload.sub) ? Number(payload.sub) : NaN;
    const agentId = payload.agent_id;
    if (!Number.isSafeInteger(accountId) || typeof agentId !== 'string' || !UUID.test(agentId))
      throw invalidToken('it names no agent');
    return { agentId: agentId.toLowerCase(), accountId };
  }

  private async payloadOf(token: string) {
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        algorithms: ['ES256'],
        issuer: this.config.publicAuthUrl,
        audience: this.config.publicBaseUrl,
        requiredClaims: ['exp', 'iat', 'sub', 'agent_id', 'token_use'],
        clockTolerance: CLOCK_TOLERANCE_S,
        maxTokenAge: MAX_TOKEN_AGE,
      });
      return payload;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === errors.JWTExpired.code)
        throw invalidToken('it has expired; exchange a new assertion for one');
      if (code !== undefined && TOKEN_ERRORS.has(code)) throw invalidToken(reasonOf(error as Error));
      // The token could not be checked at all: the auth service's JWKS is unreachable, late or broken.
      this.logger.warn(`cannot fetch the auth service's JWKS: ${(error as Error).message}`);
      throw new ServiceError(
        'service_unavailable',
        'Access tokens cannot be checked right now (the sign-in service did not answer). Try again shortly.',
        { retry_after_seconds: 1 },
      );
    }
  }
}

/** jose's own wording, for the claim and signature failures a caller can act on. */
function reasonOf(error: Error): string {
  if (error instanceof errors.JWTClaimValidationFailed) return `its ${error.claim} claim is not accepted`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not verify';
  if (error instanceof errors.JWKSNoMatchingKey) return 'it is not signed by a key of the sign-in service';
  return 'it is not a well-formed ES256 JWT';
}
