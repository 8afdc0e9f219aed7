import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto). Stored form: `scrypt$N$r$p$salt$hash`, salt and
 * hash base64url without padding, so parameters can be raised later and old hashes still verify
 * (see passwordNeedsRehash). N=2^17, r=8, p=1 is OWASP's current scrypt recommendation (128 MiB
 * and a few hundred ms per hash); hashes made with the earlier N=2^14 are replaced at the
 * account's next sign-in (apps/auth).
 */
export const PASSWORD_HASH_PARAMS = { N: 131072, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

const MAX_N = 1 << 20;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  N: number,
  r: number,
  p: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r * p + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Unicode-normalizes so the same password typed on different systems hashes the same. */
function prepare(password: string): string {
  return password.normalize('NFKC');
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = PASSWORD_HASH_PARAMS;
  const salt = randomBytes(saltLength);
  const hash = await scryptAsync(prepare(password), salt, keyLength, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((x) => (/^\d{1,8}$/.test(x) ? Number(x) : NaN));
  // Bounds keep a corrupted or hostile row from requesting absurd work or memory.
  if (!(N >= 2 && N <= MAX_N && (N & (N - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4], 'base64url');
  const hash = Buffer.from(parts[5], 'base64url');
  if (salt.length < 8 || hash.length < 16 || hash.length > 64) return null;
  return { N, r, p, salt, hash };
}

/** True when password matches the stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await scryptAsync(
    prepare(password),
    parsed.salt,
    parsed.hash.length,
    parsed.N,
    parsed.r,
    parsed.p,
  );
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when the stored hash uses weaker parameters than PASSWORD_HASH_PARAMS (rehash after a successful sign-in). */
export function passwordNeedsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  const { N, r, p, keyLength } = PASSWORD_HASH_PARAMS;
  return !parsed || parsed.N < N || parsed.r < r || parsed.p < p || parsed.hash.length < keyLength;
}
