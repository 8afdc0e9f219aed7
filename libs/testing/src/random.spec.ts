import { Rng, seedWords } from '@app/random';
import { Random } from './random';

describe('Random', () => {
  it('is deterministic per seed and spreads over its range', () => {
    const a = new Random(7);
    const b = new Random(7);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(xs);
    expect(new Random(8).next()).not.toBe(xs[0]);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const ints = new Set(Array.from({ length: 500 }, () => a.int(-2, 2)));
    expect([...ints].sort((x, y) => x - y)).toEqual([-2, -1, 0, 1, 2]);
  });

  it('draws the shared sfc32 stream, not a PRNG of its own', () => {
    const shared = new Rng(seedWords(7), 0, 0);
    const random = new Random(7);
    expect(Array.from({ length: 20 }, () => random.next())).toEqual(
      Array.from({ length: 20 }, () => shared.float()),
    );
  });

  it('weighs named options', () => {
    const r = new Random(3);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 4000; i++) counts[r.weighted({ a: 1, b: 3, never: 0 })]++;
    expect(counts.never).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.5);
    expect(counts.b / counts.a).toBeLessThan(3.5);
  });
});
