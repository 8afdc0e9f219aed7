import { createHmac } from 'node:crypto';
import {
  createLocalJWKSet,
  importJWK,
  JSONWebKeySet,
  JWTPayload,
  jwtVerify,
  JWTVerifyOptions,
  KeyLike,
  SignJWT,
} from 'jose';
import type { SigningJwk } from '@app/config';

export const SIGNING_ALG = 'ES256';

/**
 * The auth service's keys: the first signs every token, all of them verify and are published
 * (JWKS), so tokens signed before a rotation stay valid until they expire.
 */
export class SigningKeys {
  private constructor(
    private readonly signer: { kid: string; key: KeyLike; secret: string },
    readonly jwks: JSONWebKeySet,
    private readonly verifier: ReturnType<typeof createLocalJWKSet>,
  ) {}

  static async from(jwks: SigningJwk[]): Promise<SigningKeys> {
    const [newest] = jwks;
    const key = (await importJWK({ ...newest, alg: SIGNING_ALG }, SIGNING_ALG)) as KeyLike;
    const published: JSONWebKeySet = {
      keys: jwks.map(({ kty, crv, x, y, kid }) => ({ kty, crv, x, y, kid, alg: SIGNING_ALG, use: 'sig' })),
    };
    return new SigningKeys(
      { kid: newest.kid, key, secret: newest.d },
      published,
      createLocalJWKSet(published),
    );
  }

  /** A JWT of `claims` (iat set now, exp = iat + lifetimeSeconds) signed by the newest key. */
  async sign(claims: JWTPayload, lifetimeSeconds: number): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.signer.kid, typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .sign(this.signer.key);
  }

  /** Verifies against every published key; throws jose's errors. */
  async verify(token: string, options: JWTVerifyOptions): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.verifier, { ...options, algorithms: [SIGNING_ALG] });
    return payload;
  }

  /**
   * A server-side secret for `purpose`, derived from the newest private key so no further
   * secret needs configuring (used to make decoy claims look like real ones).
   */
  derivedSecret(purpose: string): Buffer {
    return createHmac('sha256', this.signer.secret).update(purpose).digest();
  }
}
