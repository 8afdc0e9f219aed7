import { BatchPipeline } from './batch-pipeline';

const tick = () => new Promise((r) => setImmediate(r));

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('BatchPipeline', () => {
  it('writes Postgres batches one after another but search batches side by side', async () => {
    const pipeline = new BatchPipeline({ pending: 10, search: 2 });
    const log: string[] = [];
    const pg = [deferred(), deferred(), deferred()];
    const os = [deferred(), deferred(), deferred()];
    for (let i = 0; i < 3; i += 1) {
      await pipeline.add(
        () => (log.push(`pg${i}`), pg[i].promise),
        () => (log.push(`os${i}`), os[i].promise),
        () => void log.push(`done${i}`),
      );
    }
    await tick();
    expect([...log].sort()).toEqual(['os0', 'os1', 'pg0']);
    pg[0].resolve();
    os[0].resolve();
    await tick();
    expect([...log].sort()).toEqual(['done0', 'os0', 'os1', 'os2', 'pg0', 'pg1']);
    for (const d of [...pg, ...os]) d.resolve();
    await pipeline.drain();
    expect(log.filter((l) => l.startsWith('done'))).toEqual(['done0', 'done1', 'done2']);
  });

  it('holds the reader back when `pending` batches are unwritten', async () => {
    const pipeline = new BatchPipeline({ pending: 2, search: 2 });
    const gate = deferred();
    await pipeline.add(
      () => gate.promise,
      async () => undefined,
      () => undefined,
    );
    let returned = false;
    const second = pipeline
      .add(
        async () => undefined,
        async () => undefined,
        () => undefined,
      )
      .then(() => {
        returned = true;
      });
    await tick();
    expect(returned).toBe(false);
    gate.resolve();
    await second;
    expect(returned).toBe(true);
  });

  it('throws the first failure only after every in-flight write has settled', async () => {
    const pipeline = new BatchPipeline({ pending: 10, search: 2 });
    const slow = deferred();
    let slowSettled = false;
    await pipeline.add(
      async () => undefined,
      () => slow.promise.then(() => void (slowSettled = true)),
      () => undefined,
    );
    await pipeline.add(
      async () => {
        throw new Error('pg down');
      },
      async () => undefined,
      () => undefined,
    );
    const drained = pipeline.drain();
    await tick();
    setTimeout(() => slow.resolve(), 20);
    await expect(drained).rejects.toThrow('pg down');
    expect(slowSettled).toBe(true);
  });
});
