/**
 * Seeded randomness shared by the data generator and the test query generators. Math.random
 * cannot be seeded, and faker's Mersenne Twister is slower and carries one global state; here
 * every consumer opens its own small sfc32 stream keyed by (seed, stream, index), so a record or
 * a test case comes out the same whatever order, process or chunk draws it.
 *
 * Generated data builds are recorded byte for byte per seed: a change to anything here that
 * alters a draw changes every build, so it must keep each stream's sequence.
 */

/** Bijective 32-bit mixer (murmur3 finalizer): distinct inputs give distinct outputs. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Splits any safe-integer seed into two 32-bit words so seeds above 2^32 stay distinct. */
export function seedWords(seed: number): [number, number] {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  return [mix32(lo ^ 0x9e3779b9), mix32(hi + 0x7f4a7c15)];
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast chaotic PRNG): 128-bit state, passes PractRand, and is
 * a handful of 32-bit operations per draw. The state is set directly from (seed, stream, index),
 * so distinct records never share a stream.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: readonly [number, number], stream: number, index: number) {
    this.a = seed[0];
    this.b = seed[1] ^ Math.imul(stream, 0x9e3779b1);
    this.c = index >>> 0;
    this.d = (Math.floor(index / 0x100000000) + stream * 0x1000193 + 1) | 0;
    // Nearby indexes start in nearby states; a few rounds decorrelate them.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform uint32. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer in [lo, hi], both included. */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    // An empty list would yield undefined typed as T; failing here names the cause.
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.float() * items.length)];
  }

  /** Standard normal (Box-Muller; one value per call keeps the stream position simple). */
  normal(): number {
    const u = 1 - this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.float());
  }

  /** `digits` decimal digits, leading zeros allowed. */
  digits(digits: number): string {
    let s = '';
    while (digits > 0) {
      const n = Math.min(digits, 9);
      s += String(Math.floor(this.float() * POW10[n])).padStart(n, '0');
      digits -= n;
    }
    return s;
  }

  /** `digits` lowercase hex digits (at most 8). */
  hex(digits: number): string {
    return (this.next() >>> (32 - 4 * digits)).toString(16).padStart(digits, '0');
  }
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
