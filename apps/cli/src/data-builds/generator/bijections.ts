/**
 * Values that must never collide (ids, usernames, email numbers) come from keyed bijections of
 * an index, not from random draws, which could repeat.
 */
import { mix32 } from '@app/random';

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
