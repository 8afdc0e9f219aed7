import { Feistel, Permutation } from './bijections';

describe('keyed bijections', () => {
  it('Feistel permutes its whole range', () => {
    const f = new Feistel(12, 99);
    const seen = new Set<number>();
    for (let x = 0; x < 4096; x++) seen.add(f.apply(x));
    expect(seen.size).toBe(4096);
    expect(Math.max(...seen)).toBe(4095);
  });

  it.each([1, 2, 7, 1000, 5000])('Permutation of %i is a bijection', (n) => {
    const p = new Permutation(n, 7);
    const seen = new Set<number>();
    for (let x = 0; x < n; x++) seen.add(p.apply(x));
    expect(seen.size).toBe(n);
    expect(Math.max(...seen)).toBe(n - 1);
  });
});
