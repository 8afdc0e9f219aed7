/**
 * Seeded randomness for the generator. Math.random cannot be seeded, and faker's Mersenne
 * Twister is slower and carries one global state; here every record gets its own small sfc32
 * stream keyed by (seed, stream, index), so record i comes out the same whatever order, process
 * or chunk generates it.
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

/** FNV-1a, for turning labels into stream ids and table keys. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
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

/**
 * A keyed bijection on [0, 2^bits) (balanced Feistel network, bits even): unique outputs for
 * unique inputs with no table, so ids, usernames and email numbers never collide.
 */
export class Feistel {
  private readonly half: number;
  private readonly mask: number;
  private readonly keys: number[];

  constructor(
    readonly bits: number,
    key: number,
  ) {
    if (bits % 2 !== 0 || bits < 2 || bits > 52) throw new RangeError('Feistel bits must be even, 2..52');
    this.half = bits / 2;
    this.mask = 2 ** this.half - 1;
    this.keys = [0, 1, 2, 3].map((r) => mix32(key + Math.imul(r + 1, 0x9e3779b9)));
  }

  apply(x: number): number {
    const h = 2 ** this.half;
    let l = Math.floor(x / h);
    let r = x % h;
    for (const k of this.keys) {
      const f = mix32((r ^ k) >>> 0) & this.mask;
      const nl = r;
      r = (l ^ f) & this.mask;
      l = nl;
    }
    return l * h + r;
  }
}

/** The smallest even bit count whose range holds n values (at least `min`). */
export function evenBitsFor(n: number, min = 2): number {
  let bits = min + (min % 2);
  while (2 ** bits < n) bits += 2;
  return bits;
}

/**
 * A keyed permutation of [0, n) for any n: a Feistel on the enclosing power of four, walking the
 * cycle until the value lands inside the range (under four steps on average).
 */
export class Permutation {
  private readonly feistel: Feistel;

  constructor(
    readonly size: number,
    key: number,
  ) {
    this.feistel = new Feistel(evenBitsFor(size), key);
  }

  apply(x: number): number {
    let y = this.feistel.apply(x);
    while (y >= this.size) y = this.feistel.apply(y);
    return y;
  }
}
