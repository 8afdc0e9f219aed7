import { loadConfig } from './config';
import { parseSigningKeys } from './signing-keys';

const KEY = { kty: 'EC', crv: 'P-256', kid: 'k1', x: 'eA', y: 'eQ', d: 'ZA' };

describe('AUTH_SIGNING_KEYS', () => {
  it('is optional: unset, the auth service uses the development key file', () => {
    expect(loadConfig({}).authSigning).toEqual({ keys: null, file: '.stack/auth-signing-keys.json' });
    expect(loadConfig({ AUTH_SIGNING_KEYS_FILE: '/var/lib/auth/keys.json' }).authSigning.file).toBe(
      '/var/lib/auth/keys.json',
    );
  });

  it('keeps the keys in order, newest (signing) first', () => {
    const keys = [KEY, { ...KEY, kid: 'k0', alg: 'ES256' }];
    expect(loadConfig({ AUTH_SIGNING_KEYS: JSON.stringify(keys) }).authSigning.keys).toEqual(keys);
  });

  it.each([
    ['not JSON', '{', /must be a JSON array/],
    ['an empty array', '[]', /non-empty JSON array/],
    ['an RSA key', JSON.stringify([{ ...KEY, kty: 'RSA' }]), /entry 0 must be an EC P-256 key/],
    ['another alg', JSON.stringify([{ ...KEY, alg: 'RS256' }]), /entry 0 has alg RS256/],
    [
      'a public key only',
      JSON.stringify([{ ...KEY, d: undefined }]),
      /entry 0 needs the base64url private key parts/,
    ],
    ['no kid', JSON.stringify([{ ...KEY, kid: undefined }]), /entry 0 needs a kid/],
    ['a repeated kid', JSON.stringify([KEY, KEY]), /every kid must be unique/],
  ])('refuses %s, without echoing key material', (_what, raw, problem) => {
    const { keys, problems } = parseSigningKeys(raw);
    expect(keys).toEqual([]);
    expect(problems.join('\n')).toMatch(problem);
    expect(problems.join('\n')).not.toContain('ZA');
    expect(() => loadConfig({ AUTH_SIGNING_KEYS: raw })).toThrow(problem);
  });
});
