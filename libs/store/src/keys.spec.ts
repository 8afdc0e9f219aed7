import { createHash } from 'node:crypto';
import {
  API_KEY_PATTERN,
  apiKeyMatchesHash,
  generateApiKey,
  hashApiKey,
  parseApiKey,
  randomBase62,
} from './keys';

describe('generateApiKey', () => {
  it('returns svc_<8 base62>_<32 base62> with its prefix and the sha256 of the whole key', () => {
    const { apiKey, prefix, secretHash } = generateApiKey();
    expect(apiKey).toMatch(/^svc_[0-9A-Za-z]{8}_[0-9A-Za-z]{32}$/);
    expect(apiKey.slice(4, 12)).toBe(prefix);
    expect(secretHash).toBe(createHash('sha256').update(apiKey).digest('hex'));
    expect(secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never repeats a key or a prefix in practice', () => {
    const keys = Array.from({ length: 2000 }, generateApiKey);
    expect(new Set(keys.map((k) => k.apiKey)).size).toBe(2000);
    expect(new Set(keys.map((k) => k.prefix)).size).toBe(2000);
  });

  it('does not leak the secret into the prefix or the hash', () => {
    const { apiKey, prefix, secretHash } = generateApiKey();
    const secret = apiKey.slice(13);
    expect(prefix).not.toContain(secret);
    expect(secretHash).not.toContain(secret.toLowerCase());
  });
});

describe('randomBase62', () => {
  it('has the requested length and only base62 characters', () => {
    for (const n of [1, 8, 32, 100]) expect(randomBase62(n)).toMatch(new RegExp(`^[0-9A-Za-z]{${n}}$`));
  });

  it('uses the whole alphabet roughly evenly', () => {
    const counts = new Map<string, number>();
    for (const c of randomBase62(62 * 400)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(250); // mean 400
  });
});

describe('hashApiKey / apiKeyMatchesHash', () => {
  it('hashes deterministically and compares against the stored hash', () => {
    const { apiKey, secretHash } = generateApiKey();
    expect(hashApiKey(apiKey)).toBe(secretHash);
    expect(apiKeyMatchesHash(apiKey, secretHash)).toBe(true);
    expect(apiKeyMatchesHash(apiKey.slice(0, -1) + (apiKey.endsWith('a') ? 'b' : 'a'), secretHash)).toBe(
      false,
    );
    expect(apiKeyMatchesHash(apiKey, 'abc')).toBe(false);
  });
});

describe('parseApiKey', () => {
  it('splits a well-formed key', () => {
    const { apiKey, prefix } = generateApiKey();
    expect(parseApiKey(apiKey)).toEqual({ prefix, secret: apiKey.slice(13) });
    expect(API_KEY_PATTERN.test(apiKey)).toBe(true);
  });

  it.each([
    '',
    'svc_',
    'svc_abcdefgh',
    'svc_abcdefg_0123456789abcdef0123456789abcdef',
    'svc_abcdefgh_0123456789abcdef0123456789abcde',
    'svc_abcdefgh_0123456789abcdef0123456789abcdef ',
    'xyz_abcdefgh_0123456789abcdef0123456789abcdef',
    'svc_abcd-fgh_0123456789abcdef0123456789abcdef',
  ])('rejects %j', (key) => {
    expect(parseApiKey(key)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(parseApiKey(undefined)).toBeNull();
    expect(parseApiKey(42)).toBeNull();
    expect(parseApiKey(['svc_abcdefgh_0123456789abcdef0123456789abcdef'])).toBeNull();
  });
});
