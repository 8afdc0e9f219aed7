import { createHmac } from 'node:crypto';

/**
 * The verification link answered to a renewal of a token no claim has (never issued, or its
 * claim purged): a UUID derived from the token with a server secret, so renewing the same token
 * gives the same link, as it does for a stored claim, and nobody without the secret can tell it
 * from a claim's random id.
 */
export function decoyClaimId(secret: Buffer, token: string): string {
  const b = createHmac('sha256', secret).update(token).digest().subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
