import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys look like `svc_<prefix>_<secret>`: an 8-character base62 prefix (not secret; shown in
 * listings and logs, unique) and a 32-character base62 secret (~190 bits). Only the SHA-256 of
 * the whole key is stored; a fast hash is enough because the key is random, not a password.
 */
export const API_KEY_SCHEME = 'svc';
export const API_KEY_PREFIX_LENGTH = 8;
export const API_KEY_SECRET_LENGTH = 32;
export const API_KEY_PATTERN = /^svc_([0-9A-Za-z]{8})_([0-9A-Za-z]{32})$/;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export interface GeneratedApiKey {
  /** The full key; give it to the caller once and never store it. */
  apiKey: string;
  prefix: string;
  /** Lowercase hex SHA-256 of apiKey, the value stored in api_keys.secret_hash. */
  secretHash: string;
}

/** Uniformly random base62 text (rejection sampling: bytes >= 248 are skipped to avoid modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateApiKey(): GeneratedApiKey {
  const prefix = randomBase62(API_KEY_PREFIX_LENGTH);
  const apiKey = `${API_KEY_SCHEME}_${prefix}_${randomBase62(API_KEY_SECRET_LENGTH)}`;
  return { apiKey, prefix, secretHash: hashApiKey(apiKey) };
}

/** Lowercase hex SHA-256 of the whole key string. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/** Splits a well-formed key into its parts; null for anything else (check before any lookup). */
export function parseApiKey(apiKey: unknown): { prefix: string; secret: string } | null {
  if (typeof apiKey !== 'string') return null;
  const m = API_KEY_PATTERN.exec(apiKey);
  return m ? { prefix: m[1], secret: m[2] } : null;
}

/** Constant-time comparison of a presented key against a stored secret_hash. */
export function apiKeyMatchesHash(apiKey: string, secretHash: string): boolean {
  const a = Buffer.from(hashApiKey(apiKey), 'hex');
  const b = Buffer.from(secretHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
