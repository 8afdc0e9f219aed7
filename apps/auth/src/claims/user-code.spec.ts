import { formatUserCode, generateUserCode, normalizeUserCode, USER_CODE_ALPHABET } from './user-code';

describe('user codes', () => {
  it('are 8 characters of the unambiguous alphabet, shown as XXXX-XXXX', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateUserCode();
      expect(code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
      expect(formatUserCode(code)).toBe(`${code.slice(0, 4)}-${code.slice(4)}`);
    }
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOU01]/);
  });

  it('ignore case, hyphens and spaces on input', () => {
    for (const typed of ['bcdf-ghjk', 'BCDF GHJK', ' bcdfghjk ', 'Bc-Df-Gh-Jk', 'BCDF\tGHJK'])
      expect(normalizeUserCode(typed)).toBe('BCDFGHJK');
  });

  it('use every letter of the alphabet (no modulo bias losing letters)', () => {
    const seen = new Set(Array.from({ length: 100 }, generateUserCode).join(''));
    expect(seen.size).toBe(USER_CODE_ALPHABET.length);
  });
});
