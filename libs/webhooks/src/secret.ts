import { randomBytes } from 'node:crypto';

/**
 * A team's signing secret in the Standard Webhooks form: `whsec_` and the base64 of the key. The
 * spec asks for 24 to 64 bytes; we make 32 (the size of an HMAC-SHA256 block's useful key) and
 * accept anything the spec allows, so a secret imported from elsewhere still checks.
 */
export const SECRET_PREFIX = 'whsec_';
const GENERATED_BYTES = 32;
const MIN_BYTES = 24;
const MAX_BYTES = 64;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(GENERATED_BYTES).toString('base64');
}

export function isWebhookSecret(value: string): boolean {
  if (!value.startsWith(SECRET_PREFIX)) return false;
  const encoded = value.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return false;
  // Node's decoder skips characters it does not expect; re-encoding proves nothing was skipped.
  const key = Buffer.from(encoded, 'base64');
  return key.toString('base64') === encoded && key.length >= MIN_BYTES && key.length <= MAX_BYTES;
}
