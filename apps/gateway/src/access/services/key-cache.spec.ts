import { KeyCache } from './key-cache';

describe('KeyCache', () => {
  // lru-cache reads a start time of 0 as "no TTL", so the fake clock starts elsewhere.
  let now = 1_000_000;
  const clock = () => now;
  const loader = (value: string | null) => {
    const load = jest.fn(async () => value);
    return load;
  };

  beforeEach(() => {
    now = 1_000_000;
  });

  it('keeps refused keys apart, so they never push out valid ones', async () => {
    const cache = new KeyCache<string>(1000, 1, 2, clock);
    await cache.get('good', loader('caller'));
    for (const bad of ['b1', 'b2', 'b3']) await cache.get(bad, loader(null));
    const reload = loader('caller');
    expect(await cache.get('good', reload)).toBe('caller');
    expect(reload).not.toHaveBeenCalled();
  });

  it('shares one load, and trusts its answer for the TTL counted from its start', async () => {
    const cache = new KeyCache<string>(1000, 10, 10, clock);
    const load = loader(null);
    await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1001;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a load that was disowned or that failed', async () => {
    const cache = new KeyCache<string>(1000, 10, 10, clock);
    const inFlight = cache.get('k', loader('old'));
    cache.delete('k');
    expect(await inFlight).toBe('old');
    expect(await cache.get('k', loader('new'))).toBe('new');
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', loader('up'))).toBe('up');
  });
});
