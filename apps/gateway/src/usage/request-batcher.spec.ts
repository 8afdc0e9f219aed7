import { DropReason, RequestBatcher } from './request-batcher';

describe('RequestBatcher', () => {
  const sinks = (write: (rows: number[]) => Promise<void> = async () => undefined) => {
    const written: number[][] = [];
    const drops: Array<[number, DropReason]> = [];
    return {
      written,
      drops,
      write: async (rows: number[]) => {
        await write(rows);
        written.push(rows);
      },
      dropped: (rows: number, reason: DropReason) => void drops.push([rows, reason]),
    };
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes nothing on add, then one batch after flushMs', async () => {
    const s = sinks();
    const b = new RequestBatcher({ flushMs: 250, batchRows: 10, maxRows: 100 }, s);
    b.add(1);
    b.add(2);
    expect(s.written).toEqual([]);
    await jest.advanceTimersByTimeAsync(249);
    expect(s.written).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(s.written).toEqual([[1, 2]]);
  });

  it('writes a full batch at once, the rest after flushMs', async () => {
    const s = sinks();
    const b = new RequestBatcher({ flushMs: 250, batchRows: 3, maxRows: 100 }, s);
    for (let i = 1; i <= 4; i++) b.add(i);
    await jest.advanceTimersByTimeAsync(0);
    expect(s.written).toEqual([[1, 2, 3]]);
    await jest.advanceTimersByTimeAsync(250);
    expect(s.written).toEqual([[1, 2, 3], [4]]);
  });

  it('drops and counts rows past maxRows, a write in flight included, and never queues them', async () => {
    let release!: () => void;
    const s = sinks(() => new Promise<void>((r) => (release = r)));
    const b = new RequestBatcher({ flushMs: 10, batchRows: 2, maxRows: 3 }, s);
    b.add(1);
    b.add(2);
    await jest.advanceTimersByTimeAsync(0); // [1, 2] in flight
    b.add(3);
    b.add(4);
    b.add(5);
    expect(s.drops).toEqual([
      [1, 'buffer_full'],
      [1, 'buffer_full'],
    ]);
    expect(b.pending).toBe(1);
    release();
    await jest.advanceTimersByTimeAsync(10);
    release();
    await jest.advanceTimersByTimeAsync(0);
    expect(s.written).toEqual([[1, 2], [3]]);
  });

  it('drops a batch whose write fails and goes on with the next', async () => {
    let fail = true;
    const s = sinks(async () => {
      if (fail) throw new Error('postgres away');
    });
    const b = new RequestBatcher({ flushMs: 10, batchRows: 5, maxRows: 100 }, s);
    b.add(1);
    await jest.advanceTimersByTimeAsync(10);
    expect(s.drops).toEqual([[1, 'write_failed']]);
    fail = false;
    b.add(2);
    await jest.advanceTimersByTimeAsync(10);
    expect(s.written).toEqual([[2]]);
  });

  it('writes everything on close without waiting for the timer, then takes no more', async () => {
    const s = sinks();
    const b = new RequestBatcher({ flushMs: 60_000, batchRows: 2, maxRows: 100 }, s);
    b.add(1);
    b.add(2);
    b.add(3);
    await b.close();
    expect(s.written.flat()).toEqual([1, 2, 3]);
    b.add(4);
    expect(s.drops).toEqual([[1, 'closed']]);
  });
});
