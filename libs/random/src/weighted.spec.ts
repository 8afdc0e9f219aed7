import { Rng, seedWords } from './rng';
import { Weighted } from './weighted';

describe('Weighted', () => {
  it('samples in proportion to weight', () => {
    const w = Weighted.of([
      ['a', 1],
      ['b', 3],
      ['c', 0],
    ]);
    const r = new Rng(seedWords(5), 1, 1);
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let k = 0; k < 40_000; k++) counts[w.sample(r)]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.7);
    expect(counts.b / counts.a).toBeLessThan(3.3);
  });

  it('reads named options from an object', () => {
    const w = Weighted.ofKeys({ yes: 3, no: 1, never: 0 });
    expect(w.items).toEqual(['yes', 'no', 'never']);
    expect(w.probability(0)).toBe(0.75);
    expect(w.probability(2)).toBe(0);
  });

  it('zipf weights fall with rank', () => {
    const w = Weighted.zipf(['x', 'y', 'z']);
    expect(w.probability(0)).toBeGreaterThan(w.probability(1));
    expect(w.probability(1)).toBeGreaterThan(w.probability(2));
  });
});
