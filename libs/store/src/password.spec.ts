import { hashPassword, passwordNeedsRehash, verifyPassword } from './password';

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt$N$r$p$salt$hash and verifies the same password only', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('correct horse');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapl', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    await expect(verifyPassword('same password', a)).resolves.toBe(true);
    await expect(verifyPassword('same password', b)).resolves.toBe(true);
  });

  it('normalizes Unicode so composed and decomposed forms match', async () => {
    const stored = await hashPassword('caf\u00e9-p\u00e4ss');
    await expect(verifyPassword('cafe\u0301-pa\u0308ss', stored)).resolves.toBe(true);
  });

  it('verifies hashes made with other (valid) parameters', async () => {
    // Same password, N=1024 r=8 p=1; a lower-cost hash from an older setting still verifies.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('old password', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64url')}$${hash.toString('base64url')}`;
    await expect(verifyPassword('old password', stored)).resolves.toBe(true);
    expect(passwordNeedsRehash(stored)).toBe(true);
    expect(passwordNeedsRehash(await hashPassword('x'))).toBe(false);
  });

  it('asks to rehash hashes made with the earlier N=2^14 default', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('pw', salt, 32, { N: 16384, r: 8, p: 1 });
    expect(
      passwordNeedsRehash(`scrypt$16384$8$1$${salt.toString('base64url')}$${hash.toString('base64url')}`),
    ).toBe(true);
  });

  it.each([
    '',
    'plain',
    'bcrypt$10$abc',
    'scrypt$16384$8$1$c2FsdHNhbHQ',
    'scrypt$16385$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g', // N not a power of two
    'scrypt$4294967296$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g', // N absurdly large
    'scrypt$16384$999$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g',
    'scrypt$16384$8$1$$aGFzaGhhc2hoYXNoaGFzaGhhc2g',
  ])('returns false (never throws) for malformed stored hash %j', async (stored) => {
    await expect(verifyPassword('whatever', stored)).resolves.toBe(false);
    expect(passwordNeedsRehash(stored)).toBe(true);
  });
});
