import { createHash } from 'node:crypto';
import { normalizeEmail } from './email';
import {
  detectHashAlgorithm,
  hashEmail,
  hashNormalizedEmail,
  hexDigest,
  md5Hex,
  sha1Hex,
  sha256Hex,
} from './hash';

const reference = (algorithm: string, s: string) => createHash(algorithm).update(s, 'utf8').digest('hex');

describe('hashing', () => {
  it('matches known digests', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it('hashes utf-8 like crypto.createHash', () => {
    for (const s of ['', 'johndoe@gmail.com', 'zoë@example.com', '日本@example.jp']) {
      for (const a of ['sha256', 'sha1', 'md5'] as const) expect(hexDigest(a, s)).toBe(reference(a, s));
    }
  });

  it('hashes the normalized address, so spellings of one mailbox share hashes', () => {
    const a = hashEmail('John.Doe+news@GoogleMail.com');
    const b = hashEmail('johndoe@gmail.com');
    expect(a).toEqual(b);
    expect(a.normalized).toBe('johndoe@gmail.com');
    expect(a.sha256).toBe(reference('sha256', 'johndoe@gmail.com'));
    expect(sha256Hex(normalizeEmail('John.Doe+news@GoogleMail.com'))).toBe(sha256Hex('johndoe@gmail.com'));
  });

  it.each([
    ['John.Doe+news@GoogleMail.com', 'johndoe@gmail.com'],
    ['JOHNDOE@gmail.com', 'johndoe@gmail.com'],
    [' j.o.h.n.d.o.e+x@googlemail.com ', 'johndoe@gmail.com'],
    ['Dana.Whitfield+crm@Example.com', 'dana.whitfield@example.com'],
    ['mirasolvangibe@gmail.com', 'mirasolvangibe@gmail.com'],
    ['user@bücher.example', 'user@xn--bcher-kva.example'],
  ])('hashes %j as Node crypto hashes %j', (input, normalized) => {
    const h = hashEmail(input);
    expect(h.normalized).toBe(normalized);
    for (const a of ['sha256', 'sha1', 'md5'] as const) expect(h[a]).toBe(reference(a, normalized));
  });

  it('answers the sandbox README example hash', () => {
    expect(hashEmail('mirasolvangibe@gmail.com').sha256).toBe(
      '59de819617f84120b88d5c8021bce9e4c1d96ca3e78e6194c3e2b21dd71e4894',
    );
  });

  it('matches the contract fixture digests', () => {
    expect(hashNormalizedEmail('dana.whitfield@example.com')).toEqual({
      sha256: '16142c4ad90ac327005193d9505c2b91ca9b4e19aea0c3249111fa02bbe97020',
      sha1: '9e5fe50b5f752b1e14e58002c8c4c42a0437b08a',
      md5: '838292413927eeea974aad707290121f',
    });
  });

  it('rejects invalid addresses', () => {
    expect(() => hashEmail('not an email')).toThrow('invalid email');
  });

  it.each([
    ['a'.repeat(64), 'sha256'],
    ['A'.repeat(40), 'sha1'],
    ['0'.repeat(32), 'md5'],
    ['0'.repeat(33), null],
    ['g'.repeat(32), null],
    ['', null],
  ])('detects %s as %s', (h, algorithm) => {
    expect(detectHashAlgorithm(h)).toBe(algorithm);
  });
});
