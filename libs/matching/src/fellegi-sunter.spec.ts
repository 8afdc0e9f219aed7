import { atLeast, confidenceOf, frequencyU, levelBits, posteriors, priorBits } from './fellegi-sunter';
import { PERSON_WEIGHTS } from './person/weights';
import { COMPANY_WEIGHTS } from './company/matcher';

describe('Fellegi–Sunter arithmetic', () => {
  it('weighs a level by log2(m/u)', () => {
    expect(levelBits({ m: 0.9, u: 0.01 })).toBeCloseTo(Math.log2(90), 12);
    expect(levelBits({ m: 0.05, u: 0.95 })).toBeLessThan(0);
  });

  it.each<[number[], number, number[]]>([
    [[0], 0, [0.5]],
    [[10, 10], 0, [1024 / 2049, 1024 / 2049]],
    [[30, 0], -10, [1, 0]],
    [[-20], 0, [0]],
    [[500, 499], 0, [2 / 3, 1 / 3]],
  ])('lets candidates compete: weights %j, prior %d', (weights, prior, expected) => {
    posteriors(weights, prior).forEach((p, i) => expect(p).toBeCloseTo(expected[i], 5));
  });

  it('takes the prior from the population', () => {
    expect(priorBits(1024)).toBe(-10);
  });

  it.each<[number | undefined, number, number, number]>([
    [undefined, 1000, 0.01, 0.01],
    [50, 1000, 0.01, 0.05],
    [1, 1_000_000, 0.01, 1e-5],
    [1, 5, 0.001, 0.01],
    [900, 1000, 0.2, 0.5],
  ])('term frequency u: count %s of %d, fallback %d → %d', (count, population, fallback, expected) => {
    expect(frequencyU(count, population, fallback)).toBeCloseTo(expected, 9);
  });

  it.each<[number, string | null]>([
    [0.999, 'high'],
    [0.95, 'high'],
    [0.9, 'moderate'],
    [0.7, 'moderate'],
    [0.5, 'low'],
    [0.2, 'low'],
    [0.19, null],
  ])('confidence of %d is %s', (p, expected) => {
    expect(confidenceOf(p)).toBe(expected);
  });

  it('orders confidences for min_confidence', () => {
    expect(atLeast('high', 'moderate')).toBe(true);
    expect(atLeast('low', 'moderate')).toBe(false);
    expect(atLeast('low', undefined)).toBe(true);
  });

  it.each(Object.entries({ ...PERSON_WEIGHTS, ...COMPANY_WEIGHTS }))(
    '%s: m sums to 1, u is a probability',
    (_name, levels) => {
      const values = Object.values(levels as Record<string, { m: number; u: number }>);
      expect(values.reduce((s, l) => s + l.m, 0)).toBeCloseTo(1, 9);
      for (const l of values) {
        expect(l.u).toBeGreaterThan(0);
        expect(l.u).toBeLessThanOrEqual(1);
      }
    },
  );
});
