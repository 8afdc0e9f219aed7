import { Coalescer } from './coalescer';

/** A run whose batches are recorded and released by hand, so a test decides what is in flight. */
function gated() {
  const batches: Array<{ key: string; items: number[]; release: (error?: Error) => void }> = [];
  const coalescer = new Coalescer<string, number, string>(
    (key, items) =>
      new Promise((resolve, reject) => {
        batches.push({
          key,
          items,
          release: (error) => (error ? reject(error) : resolve(items.map((i) => `${key}:${i}`))),
        });
      }),
  );
  return { coalescer, batches };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Coalescer', () => {
  it('sends an idle key at once, alone, and groups what arrives meanwhile, in order', async () => {
    const { coalescer, batches } = gated();
    const first = coalescer.submit('a', 1);
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    const later = [2, 3, 4].map((i) => coalescer.submit('a', i));
    await tick();
    expect(batches).toHaveLength(1);
    batches[0].release();
    expect(await first).toBe('a:1');
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1].release();
    expect(await Promise.all(later)).toEqual(['a:2', 'a:3', 'a:4']);
  });

  it('keeps keys independent', async () => {
    const { coalescer, batches } = gated();
    const a = coalescer.submit('a', 1);
    const b = coalescer.submit('b', 1);
    await tick();
    expect(batches.map((x) => x.key)).toEqual(['a', 'b']);
    batches[1].release();
    expect(await b).toBe('b:1');
    batches[0].release();
    expect(await a).toBe('a:1');
  });

  it('fails a whole batch with its error and still runs the next one', async () => {
    const { coalescer, batches } = gated();
    const first = coalescer.submit('a', 1);
    await tick();
    const second = [coalescer.submit('a', 2), coalescer.submit('a', 3)];
    batches[0].release(new Error('db down'));
    await expect(first).rejects.toThrow('db down');
    await tick();
    batches[1].release(new Error('still down'));
    for (const p of second) await expect(p).rejects.toThrow('still down');
    const third = coalescer.submit('a', 4);
    await tick();
    expect(batches[2].items).toEqual([4]);
    batches[2].release();
    expect(await third).toBe('a:4');
  });
});
