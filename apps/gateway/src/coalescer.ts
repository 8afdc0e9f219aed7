/** Far above what piles up in one round trip; bounds a statement's arrays. */
const MAX_BATCH = 500;

interface Waiting<I, O> {
  item: I;
  resolve(out: O): void;
  reject(error: unknown): void;
}

/**
 * Natural batching of round trips, per key: the first item for an idle key goes at once (alone:
 * nothing waits for a timer); items that arrive while that key's batch is in flight wait and go
 * together in the next one. Under load a key pays one round trip per batch instead of one per
 * item; at most one batch per key is in flight. `run` answers each item of a batch, in order; if
 * it throws, every item of that batch gets the error and later items still get their own try.
 */
export class Coalescer<K, I, O> {
  private readonly queues = new Map<K, Array<Waiting<I, O>>>();

  constructor(private readonly run: (key: K, items: I[]) => Promise<O[]>) {}

  submit(key: K, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      this.queues.set(key, [{ item, resolve, reject }]);
      void this.drain(key);
    });
  }

  /** Runs while the key has waiting items; its map entry is the key's "in flight" mark. */
  private async drain(key: K): Promise<void> {
    const queue = this.queues.get(key)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const out = await this.run(
          key,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => w.resolve(out[i]));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.queues.delete(key);
  }
}
