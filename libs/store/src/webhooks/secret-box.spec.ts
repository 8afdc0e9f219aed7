import { randomBytes } from 'node:crypto';
import { openWebhookSecret, sealWebhookSecret, WebhookSecretDecryptionError } from './secret-box';

describe('webhook secret box', () => {
  const key = randomBytes(32);
  const secret = 'whsec_' + randomBytes(32).toString('base64');

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const a = sealWebhookSecret(secret, 7, key);
    const b = sealWebhookSecret(secret, 7, key);
    expect(openWebhookSecret(a, 7, key)).toBe(secret);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from(secret))).toBe(false);
    expect(a.includes(Buffer.from(secret.slice(6), 'base64'))).toBe(false);
  });

  it.each([
    ['the iv', 0],
    ['the tag', 12],
    ['the ciphertext', 28],
  ])('detects a changed byte in %s', (_part, at) => {
    const sealed = sealWebhookSecret(secret, 7, key);
    sealed[at] ^= 1;
    expect(() => openWebhookSecret(sealed, 7, key)).toThrow(WebhookSecretDecryptionError);
  });

  it('refuses a truncated row', () => {
    const sealed = sealWebhookSecret(secret, 7, key);
    expect(() => openWebhookSecret(sealed.subarray(0, 28), 7, key)).toThrow(WebhookSecretDecryptionError);
    expect(() => openWebhookSecret(sealed.subarray(0, sealed.length - 1), 7, key)).toThrow(
      WebhookSecretDecryptionError,
    );
  });

  it("does not open another team's row, nor under another key", () => {
    const sealed = sealWebhookSecret(secret, 7, key);
    expect(() => openWebhookSecret(sealed, 8, key)).toThrow(WebhookSecretDecryptionError);
    expect(() => openWebhookSecret(sealed, 7, randomBytes(32))).toThrow(WebhookSecretDecryptionError);
  });

  it('names neither the secret nor the key when it fails', () => {
    const sealed = sealWebhookSecret(secret, 7, key);
    const error = (() => {
      try {
        return openWebhookSecret(sealed, 8, key);
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(error).not.toContain(secret.slice(6, 20));
    expect(error).not.toContain(key.toString('base64').slice(0, 10));
  });

  it('wants a 32-byte key', () => {
    expect(() => sealWebhookSecret(secret, 7, randomBytes(16))).toThrow(RangeError);
  });
});
