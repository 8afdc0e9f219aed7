/**
 * Weighted choice over fixed tables: cumulative weights and a binary search, built once per
 * table when the module loads, so a draw is one random number and ~8 comparisons.
 */
import type { Rng } from './rng';

export class Weighted<T> {
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0 || items.length !== weights.length)
      throw new Error('weighted table needs one weight per item');
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < items.length; i++) {
      if (!(weights[i] >= 0)) throw new Error(`negative weight for item ${i}`);
      sum += weights[i];
      this.cumulative[i] = sum;
    }
    if (sum <= 0) throw new Error('weighted table has no positive weight');
    this.total = sum;
  }

  /** From `[item, weight]` pairs, the form the data tables are written in. */
  static of<T>(pairs: readonly (readonly [T, number])[]): Weighted<T> {
    return new Weighted(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  }

  /** From `{ option: weight }`, for choosing among named options. */
  static ofKeys<K extends string>(weights: Readonly<Record<K, number>>): Weighted<K> {
    return Weighted.of(Object.entries(weights) as [K, number][]);
  }

  /**
   * Zipf-like weights for a list ordered from most to least common: 1 / (rank + offset)^s.
   * The offset flattens the head, so the top name is a few percent, not a third, of the list.
   */
  static zipf<T>(items: readonly T[], s = 1, offset = 2): Weighted<T> {
    return new Weighted(
      items,
      items.map((_, rank) => 1 / Math.pow(rank + 1 + offset, s)),
    );
  }

  sample(rng: Rng): T {
    return this.items[this.index(rng.float() * this.total)];
  }

  sampleIndex(rng: Rng): number {
    return this.index(rng.float() * this.total);
  }

  /** The first index whose cumulative weight exceeds x. */
  index(x: number): number {
    const c = this.cumulative;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (c[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  probability(i: number): number {
    return (this.cumulative[i] - (i === 0 ? 0 : this.cumulative[i - 1])) / this.total;
  }
}
