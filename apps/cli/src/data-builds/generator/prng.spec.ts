import {
  civilFromDays,
  daysFromCivil,
  formatDay,
  monthsBetween,
  parseDay,
  yearsBetween,
  addMonths,
} from './dates';
import { Feistel, Permutation, Rng, seedWords } from './prng';
import { asciiLetters, slugify, titleCase } from './text';
import { Weighted } from './weighted';

describe('Rng', () => {
  it('repeats a stream for the same (seed, stream, index) and differs otherwise', () => {
    const draw = (seed: number, stream: number, index: number) => {
      const r = new Rng(seedWords(seed), stream, index);
      return Array.from({ length: 8 }, () => r.next());
    };
    expect(draw(1, 2, 3)).toEqual(draw(1, 2, 3));
    expect(draw(1, 2, 3)).not.toEqual(draw(1, 2, 4));
    expect(draw(1, 2, 3)).not.toEqual(draw(1, 3, 3));
    expect(draw(1, 2, 3)).not.toEqual(draw(2, 2, 3));
    expect(draw(2 ** 40, 1, 1)).not.toEqual(draw(0, 1, 1));
  });

  it('draws uniformly enough', () => {
    const r = new Rng(seedWords(42), 1, 0);
    const buckets = new Array(10).fill(0);
    for (let k = 0; k < 100_000; k++) buckets[r.int(10)]++;
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });

  it('rejects seeds that are not safe integers', () => {
    expect(() => seedWords(0.5)).toThrow(RangeError);
    expect(() => seedWords(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});

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

  it('zipf weights fall with rank', () => {
    const w = Weighted.zipf(['x', 'y', 'z']);
    expect(w.probability(0)).toBeGreaterThan(w.probability(1));
    expect(w.probability(1)).toBeGreaterThan(w.probability(2));
  });
});

describe('dates', () => {
  it('agrees with the UTC calendar', () => {
    for (let z = daysFromCivil(1900, 1, 1); z < daysFromCivil(2100, 1, 1); z += 37) {
      const d = new Date(z * 86_400_000);
      expect(formatDay(z)).toBe(d.toISOString().slice(0, 10));
      const c = civilFromDays(z);
      expect(daysFromCivil(c.year, c.month, c.day)).toBe(z);
    }
  });

  it('counts completed months and years', () => {
    expect(monthsBetween(parseDay('2020-01-31'), parseDay('2020-02-29'))).toBe(0);
    expect(monthsBetween(parseDay('2020-01-15'), parseDay('2020-03-15'))).toBe(2);
    expect(yearsBetween(parseDay('1988-04-17'), parseDay('2026-04-16'))).toBe(37);
    expect(yearsBetween(parseDay('1988-04-17'), parseDay('2026-04-17'))).toBe(38);
    expect(formatDay(addMonths(parseDay('2024-01-31'), 1))).toBe('2024-02-29');
  });
});

describe('text', () => {
  it('title-cases raw spellings', () => {
    expect(titleCase("senior vp of sales at o'brien & co")).toBe("Senior VP of Sales at O'Brien & Co");
    expect(titleCase("st. mary's hospital")).toBe("St. Mary's Hospital");
    expect(titleCase('smith-jones llc')).toBe('Smith-Jones LLC');
  });

  it('folds names to ASCII for addresses and slugs', () => {
    expect(asciiLetters("José O'Brien-Smith")).toBe('joseobriensmith');
    expect(asciiLetters('Łukasz Wiśniewski')).toBe('lukaszwisniewski');
    expect(asciiLetters('Müller Straße')).toBe('mullerstrasse');
    expect(slugify("St. Mary's & Co")).toBe('st-marys-and-co');
  });
});
