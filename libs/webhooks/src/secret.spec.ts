import { randomBytes } from 'node:crypto';
import { generateWebhookSecret, isWebhookSecret } from './secret';

describe('webhook secrets', () => {
  it('generates distinct whsec_ secrets of 32 random bytes', () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(isWebhookSecret(a)).toBe(true);
  });

  it('accepts any key size the spec allows (24 to 64 bytes)', () => {
    expect(isWebhookSecret('whsec_' + randomBytes(24).toString('base64'))).toBe(true);
    expect(isWebhookSecret('whsec_' + randomBytes(64).toString('base64'))).toBe(true);
  });

  it.each([
    ['no prefix', randomBytes(32).toString('base64')],
    ['too short', 'whsec_' + randomBytes(16).toString('base64')],
    ['too long', 'whsec_' + randomBytes(65).toString('base64')],
    ['not base64', 'whsec_' + '!'.repeat(44)],
    ['bad padding', 'whsec_' + randomBytes(32).toString('base64').slice(0, -1)],
    ['empty', 'whsec_'],
  ])('refuses a malformed secret: %s', (_why, value) => {
    expect(isWebhookSecret(value)).toBe(false);
  });
});
