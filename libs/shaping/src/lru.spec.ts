import { GenerationalCache, LruCache } from './lru';

describe('LruCache', () => {
  it('evicts the least recently used entry', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('refuses a useless capacity', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});

describe('GenerationalCache', () => {
  it('keeps the recently used half to whole of its capacity', () => {
    const cache = new GenerationalCache<string, number>(4);
    cache.set('a', 1);
    cache.set('b', 2); // current generation full (2)
    cache.set('c', 3); // a, b become the previous generation
    expect(cache.get('a')).toBe(1); // moved forward with c
    cache.set('d', 4); // c, a become the previous generation; b is dropped
    expect([cache.get('b'), cache.get('c'), cache.get('a'), cache.get('d')]).toEqual([undefined, 3, 1, 4]);
    expect(cache.size).toBeLessThanOrEqual(4);
  });

  it('replaces a value in either generation without holding the key twice', () => {
    const cache = new GenerationalCache<string, number>(4);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.set('a', 10);
    cache.set('c', 30);
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([10, 30, 3]);
  });

  it('never holds more than its capacity', () => {
    const cache = new GenerationalCache<number, number>(10);
    for (let i = 0; i < 1000; i++) {
      cache.set(i, i);
      cache.get(i - 3);
    }
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get(999)).toBe(999);
  });

  it('refuses a useless capacity', () => {
    expect(() => new GenerationalCache(1)).toThrow(RangeError);
  });
});
