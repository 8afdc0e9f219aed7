import { BoundedMap, TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000));

  it('serves a load for ttl ms after the load started, then loads again', async () => {
    const cache = new TtlCache<string, number>(100, 10, clock);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now += 99;
    expect(await cache.get('k', load)).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache<string, number>(100, 10, clock);
    let loads = 0;
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      1, 1, 1,
    ]);
  });

  it('forgets failed loads', async () => {
    const cache = new TtlCache<string, number>(100, 10, clock);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('stays within its bound, dropping the oldest entry', async () => {
    const cache = new TtlCache<number, number>(1000, 3, clock);
    for (let i = 0; i < 5; i++) await cache.get(i, async () => i);
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.get(0, async () => ((reloaded = true), 0));
    expect(reloaded).toBe(true);
  });

  it('does not cache at all with ttl 0', async () => {
    const cache = new TtlCache<string, number>(0, 10, clock);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('BoundedMap', () => {
  it('evicts the oldest key beyond its bound, and updates in place', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 4],
    ]);
  });
});
