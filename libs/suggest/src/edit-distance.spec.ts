import { editDistance } from './edit-distance';

describe('editDistance', () => {
  it.each([
    ['name', 'nmae', Infinity, 1],
    ['kitten', 'sitting', Infinity, 3],
    ['', 'abc', Infinity, 3],
    ['abc', 'abc', Infinity, 0],
    // Optimal string alignment, not full Damerau-Levenshtein: a transposed pair is not edited again.
    ['ca', 'abc', Infinity, 3],
    ['kitten', 'sitting', 3, 3],
    ['kitten', 'sitting', 2, Infinity],
    ['a', 'abcdef', 4, Infinity],
    ['industy', 'industry', 1.5, 1],
    ['a'.repeat(10_000), 'abc', 5, Infinity],
  ])('%s → %s within %d is %d', (a, b, limit, d) => {
    expect(editDistance(a, b, limit)).toBe(d);
    expect(editDistance(b, a, limit)).toBe(d);
  });

  it('gives the exact distance within the limit and Infinity past it, whatever the strings', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const word = () =>
      Array.from({ length: Math.floor(random() * 12) }, () => 'abcd'[Math.floor(random() * 4)]).join('');
    for (let i = 0; i < 2_000; i++) {
      const [a, b] = [word(), word()];
      const exact = editDistance(a, b);
      const limit = Math.floor(random() * 8);
      expect([a, b, limit, editDistance(a, b, limit)]).toEqual([
        a,
        b,
        limit,
        exact <= limit ? exact : Infinity,
      ]);
    }
  });
});
