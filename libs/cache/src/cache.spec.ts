import { LruCache } from './lru';
import { memoize } from './memo';
import { TtlCache } from './ttl-cache';

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
    now += 2;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('counts the ttl from when the load started, not from when it finished', async () => {
    const cache = new TtlCache<string, number>(100, 10, clock);
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const first = cache.get('k', slow);
    now += 90; // the load takes most of the ttl
    expect(await first).toBe(1);
    now += 11;
    expect(await cache.get('k', slow)).toBe(2);
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

  it('remembers a load that answered null (an unknown key) like any other', async () => {
    const cache = new TtlCache<string, number | null>(100, 10, clock);
    let loads = 0;
    const load = async () => (loads++, null);
    expect([await cache.get('k', load), await cache.get('k', load), loads]).toEqual([null, null, 1]);
  });

  it('stays within its bound, dropping the least recently used entry', async () => {
    const cache = new TtlCache<number, number>(1000, 3, clock);
    for (let i = 0; i < 5; i++) await cache.get(i, async () => i);
    expect(cache.size).toBe(3);
    let reloaded = false;
    await cache.get(0, async () => ((reloaded = true), 0));
    expect(reloaded).toBe(true);
  });

  it('loads a deleted key again at once, and everything after clear', async () => {
    const cache = new TtlCache<string, number>(1000, 10, clock);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    cache.delete('a');
    expect(await cache.get('a', load)).toBe(3);
    expect(await cache.get('b', load)).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('b', load)).toBe(4);
  });

  it('does not keep a load in flight when its key is deleted meanwhile', async () => {
    const cache = new TtlCache<string, number>(1000, 10, clock);
    let loads = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const inFlight = cache.get('k', slow);
    cache.delete('k');
    expect(await inFlight).toBe(1);
    expect(await cache.get('k', slow)).toBe(2);
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

describe('LruCache', () => {
  it('evicts the least recently used entry', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('updates a key in place and counts it once', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...cache.entries()].sort()).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('never holds more than its bound', () => {
    const cache = new LruCache<number, number>(10);
    for (let i = 0; i < 1000; i++) {
      cache.set(i, i);
      cache.get(i - 3);
    }
    expect(cache.size).toBe(10);
    expect([cache.get(999), cache.get(996), cache.get(980)]).toEqual([999, 996, undefined]);
  });

  it('refuses a useless bound', () => {
    expect(() => new LruCache(0)).toThrow();
  });
});

describe('memoize', () => {
  it('computes each key once, null and undefined answers included', () => {
    const calls: string[] = [];
    const f = memoize(
      (s: string) => (calls.push(s), s === 'none' ? null : s === 'gone' ? undefined : s.length),
    );
    expect([f('abc'), f('none'), f('gone'), f('abc'), f('none'), f('gone')]).toEqual([
      3,
      null,
      undefined,
      3,
      null,
      undefined,
    ]);
    expect(calls).toEqual(['abc', 'none', 'gone']);
  });

  it('stays within its bound, keeping the recently used keys', () => {
    let calls = 0;
    const f = memoize((s: string) => (calls++, s), 2);
    f('a');
    f('b');
    f('a');
    f('c'); // b goes
    f('a');
    expect(calls).toBe(3);
    f('b');
    expect(calls).toBe(4);
  });
});
