import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Random secrets handed out once (claim tokens, session tokens) and the hashes stored instead.
 * A fast hash suits them because they are random, not chosen by a person (passwords use scrypt).
 */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Lowercase hex SHA-256: the stored form of every random secret. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Constant-time equality of two lowercase hex SHA-256 values. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
