/**
 * Hex digests for email hashes. SPEC.md's email_hash is the SHA-256, SHA-1 or MD5 of the
 * normalized address; hashing is kept separate from normalization so callers that already hold
 * a normalized address (the loader, the generator) skip the work.
 */
import * as crypto from 'node:crypto';
import { normalizeEmail } from './email';

export type HashAlgorithm = 'sha256' | 'sha1' | 'md5';

export interface EmailHashes {
  sha256: string;
  sha1: string;
  md5: string;
}

/** Lowercase hex length of each digest; an `email_hash` input is told apart by its length. */
export const HASH_HEX_LENGTHS: Readonly<Record<HashAlgorithm, number>> = { sha256: 64, sha1: 40, md5: 32 };

// crypto.hash (Node >= 20.12) skips the Hash object and is several times faster for short
// inputs, which matters when a data build hashes millions of addresses.
type OneShot = (algorithm: string, data: string, encoding: 'hex') => string;
const oneShot = (crypto as unknown as { hash?: OneShot }).hash;

export function hexDigest(algorithm: HashAlgorithm, data: string): string {
  if (oneShot !== undefined) return oneShot(algorithm, data, 'hex');
  return crypto.createHash(algorithm).update(data, 'utf8').digest('hex');
}

export function sha256Hex(data: string): string {
  return hexDigest('sha256', data);
}

export function sha1Hex(data: string): string {
  return hexDigest('sha1', data);
}

export function md5Hex(data: string): string {
  return hexDigest('md5', data);
}

/** All three digests of a string that is already a normalized address. */
export function hashNormalizedEmail(normalized: string): EmailHashes {
  return { sha256: sha256Hex(normalized), sha1: sha1Hex(normalized), md5: md5Hex(normalized) };
}

/** Normalizes, then hashes; throws `InvalidEmailError` for a non-address. */
export function hashEmail(input: string): EmailHashes & { normalized: string } {
  const normalized = normalizeEmail(input);
  return { normalized, ...hashNormalizedEmail(normalized) };
}

/** Which digest an `email_hash` value is, by its length; null when it is no lowercase-able hex digest. */
export function detectHashAlgorithm(hash: string): HashAlgorithm | null {
  if (!/^[0-9a-fA-F]+$/.test(hash)) return null;
  switch (hash.length) {
    case 64:
      return 'sha256';
    case 40:
      return 'sha1';
    case 32:
      return 'md5';
    default:
      return null;
  }
}
