import { Rng, seedWords, Weighted } from '@app/random';

/**
 * A test's random stream from one integer seed. It draws from the data generator's sfc32
 * (`@app/random`), so there is one PRNG to trust; only the method shapes are the tests' own
 * (a float from `next`, inclusive integer ranges, options weighted by name).
 */
export class Random {
  private readonly rng: Rng;

  constructor(seed: number) {
    this.rng = new Rng(seedWords(seed), 0, 0);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.rng.float();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return this.rng.range(min, max);
  }

  chance(p: number): boolean {
    return this.rng.chance(p);
  }

  pick<T>(items: readonly T[]): T {
    return this.rng.pick(items);
  }

  /** One of the keys, in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    return Weighted.ofKeys(weights).sample(this.rng);
  }

  /** One of a prepared table's items, in proportion to its weight. */
  sample<T>(table: Weighted<T>): T {
    return table.sample(this.rng);
  }
}
