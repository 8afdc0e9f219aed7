import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Webhook signing secrets at rest: AES-256-GCM under WEBHOOK_SECRETS_KEY, stored as
 * iv | tag | ciphertext. They are encrypted, not hashed, because we sign with them. The team id
 * is authenticated with each, so a row copied to another team does not decrypt there.
 */
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class WebhookSecretDecryptionError extends Error {
  constructor(teamId: number) {
    // Never the secret nor the key: only which row failed to open.
    super(`a webhook secret of team ${teamId} does not decrypt (wrong WEBHOOK_SECRETS_KEY or tampered)`);
    this.name = 'WebhookSecretDecryptionError';
  }
}

export function sealWebhookSecret(plaintext: string, teamId: number, key: Buffer): Buffer {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(teamId));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

export function openWebhookSecret(stored: Buffer, teamId: number, key: Buffer): string {
  checkKey(key);
  if (stored.length <= IV_BYTES + TAG_BYTES) throw new WebhookSecretDecryptionError(teamId);
  const decipher = createDecipheriv(ALGORITHM, key, stored.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(associatedData(teamId));
  decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new WebhookSecretDecryptionError(teamId);
  }
}

function associatedData(teamId: number): Buffer {
  return Buffer.from(`webhook-secret:team:${teamId}`, 'utf8');
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new RangeError(`the webhook secrets key must be ${KEY_BYTES} bytes`);
}
