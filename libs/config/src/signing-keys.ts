/**
 * The auth service's ES256 signing keys as configured in AUTH_SIGNING_KEYS: a JSON array of
 * private JWKs, newest first. The first signs; every one is published in the JWKS, so a key
 * rotated out of first place still verifies the tokens it signed (docs/agents.md, "Signing keys").
 * Only the shape is checked here (pure); the auth service imports them with jose at start.
 */
export interface SigningJwk {
  kty: 'EC';
  crv: 'P-256';
  kid: string;
  x: string;
  y: string;
  d: string;
  alg?: 'ES256';
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function problemOf(jwk: unknown, index: number): string | null {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return `entry ${index} is not an object`;
  const k = jwk as Record<string, unknown>;
  if (k.kty !== 'EC' || k.crv !== 'P-256') return `entry ${index} must be an EC P-256 key (ES256)`;
  if (k.alg !== undefined && k.alg !== 'ES256')
    return `entry ${index} has alg ${String(k.alg)}, expected ES256`;
  if (typeof k.kid !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(k.kid))
    return `entry ${index} needs a kid of 1-64 letters, digits, ., _ or -`;
  for (const part of ['x', 'y', 'd'])
    if (typeof k[part] !== 'string' || !B64URL.test(k[part] as string))
      return `entry ${index} needs the base64url private key parts x, y and d`;
  return null;
}

/** The keys, or the problems that make AUTH_SIGNING_KEYS unusable (never echoing key material). */
export function parseSigningKeys(raw: string): { keys: SigningJwk[]; problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { keys: [], problems: ['AUTH_SIGNING_KEYS must be a JSON array of private JWKs'] };
  }
  if (!Array.isArray(parsed) || parsed.length === 0)
    return { keys: [], problems: ['AUTH_SIGNING_KEYS must be a non-empty JSON array of private JWKs'] };
  const problems = parsed
    .map((jwk, i) => problemOf(jwk, i))
    .filter((p): p is string => p !== null)
    .map((p) => `AUTH_SIGNING_KEYS: ${p}`);
  const kids = parsed.map((k: { kid?: unknown }) => k?.kid);
  if (new Set(kids).size !== kids.length) problems.push('AUTH_SIGNING_KEYS: every kid must be unique');
  return problems.length > 0 ? { keys: [], problems } : { keys: parsed as SigningJwk[], problems };
}
