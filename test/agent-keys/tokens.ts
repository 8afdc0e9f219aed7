/**
 * Agents' access tokens for the gateway suites. The real auth service (apps/auth) runs on a port
 * of its own with a signing key made for the suite (AUTH_SIGNING_KEYS), so the gateway fetches
 * its JWKS over HTTP exactly as in production. Tokens come from its real token exchange
 * (test/agent-key.e2e-spec.ts walks the whole sign-in once) or, for the many cases that need a
 * chosen claim (expired, other audience, other agent...), are signed here with the same key, in
 * the contract's shape: ES256 with its kid, iss PUBLIC_AUTH_URL, aud PUBLIC_BASE_URL, sub the
 * account id, agent_id, token_use 'agent_key', 300 s.
 */
import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateKeyPair, importJWK, type JWTPayload, type KeyLike, SignJWT } from 'jose';
import type { AppConfig } from '@app/config';
import { createAuthServer } from '../../apps/auth/src/bootstrap';
import { generateSigningJwk } from '../../apps/auth/src/signing/signing-key-source';

export interface AgentClaims {
  accountId: number;
  agentId: string;
}

export interface MintOptions {
  /** Claims to change or add (`iss`, `aud`, `token_use`, `exp`, `iat`...); undefined removes one. */
  claims?: Record<string, unknown>;
  /** Sign with another key (under the service's kid unless `kid` is given). */
  key?: KeyLike;
  kid?: string;
}

export interface AuthService {
  /** The auth service itself, listening: its base URL is the gateway's AUTH_INTERNAL_URL. */
  app: NestFastifyApplication;
  url: string;
  mint(agent: AgentClaims, options?: MintOptions): Promise<string>;
  close(): Promise<void>;
}

export async function otherSigningKey(): Promise<KeyLike> {
  return (await generateKeyPair('ES256')).privateKey;
}

/** The real auth service on the suite's environment, signing with a key the suite also holds. */
export async function startAuthService(config: AppConfig): Promise<AuthService> {
  const jwk = await generateSigningJwk();
  const privateKey = (await importJWK(jwk, 'ES256')) as KeyLike;
  const app = await createAuthServer({ ...config, authSigning: { ...config.authSigning, keys: [jwk] } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    async mint(agent, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const claims: JWTPayload = {
        iss: config.publicAuthUrl,
        aud: config.publicBaseUrl,
        sub: String(agent.accountId),
        agent_id: agent.agentId,
        token_use: 'agent_key',
        iat: now,
        exp: now + 300,
        jti: randomUUID(),
        ...options.claims,
      };
      for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? jwk.kid, typ: 'JWT' })
        .sign(options.key ?? privateKey);
    },
    close: () => app.close(),
  };
}

/** A server that accepts connections and never answers: a hung auth service. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => close(server),
  };
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
