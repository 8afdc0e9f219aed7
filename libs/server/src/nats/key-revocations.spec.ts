import { parseKeysRevoked } from './key-revocations';

const encode = (value: unknown) =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const HASH = 'a'.repeat(64);

describe('parseKeysRevoked', () => {
  it('reads the secret hashes of an access.keys-revoked event', () => {
    expect(parseKeysRevoked(encode({ secret_hashes: [HASH, '0'.repeat(64)] }))).toEqual([
      HASH,
      '0'.repeat(64),
    ]);
    expect(parseKeysRevoked(encode({ secret_hashes: [] }))).toEqual([]);
  });

  it('ignores anything else rather than evicting garbage', () => {
    for (const bad of [
      'not json',
      'null',
      {},
      { secret_hashes: HASH },
      { secret_hashes: [HASH.toUpperCase()] },
      { secret_hashes: [HASH, 42] },
      { secret_hashes: ['svc_AbCd1234_0123456789abcdefghijklmnopqrstuv'] },
    ])
      expect(parseKeysRevoked(encode(bad))).toBeNull();
  });
});
