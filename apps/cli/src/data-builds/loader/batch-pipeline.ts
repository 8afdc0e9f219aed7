/** At most `limit` tasks at once; a finished task hands its slot to the next waiting one. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

export interface PipelineLimits {
  /** Batches parsed and not yet written to both stores; the reader waits beyond this. */
  pending: number;
  /** Concurrent OpenSearch bulk requests: each keeps one write thread busy. */
  search: number;
}

/**
 * Writes batches to Postgres (one after another: they share the load's one transaction and its
 * connection) and to OpenSearch (a few at once) independently, so neither store waits for the
 * other batch by batch and the reader keeps parsing meanwhile. The first failure is kept and
 * thrown by the next `add` or by `drain`.
 */
export class BatchPipeline {
  private readonly pending = new Set<Promise<void>>();
  private readonly search: Semaphore;
  private postgresTail: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;

  constructor(private readonly limits: PipelineLimits) {
    this.search = new Semaphore(limits.search);
  }

  async add(
    writePostgres: () => Promise<void>,
    writeSearch: () => Promise<void>,
    done: () => void | Promise<void>,
  ): Promise<void> {
    await this.throwIfFailed();
    this.postgresTail = this.postgresTail.then(writePostgres);
    const batch = Promise.all([this.postgresTail, this.search.run(writeSearch)])
      .then(done)
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.pending.delete(batch));
    this.pending.add(batch);
    while (this.pending.size >= this.limits.pending) await Promise.race(this.pending);
    await this.throwIfFailed();
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.race(this.pending);
    await this.throwIfFailed();
  }

  /** Lets in-flight writes settle first, so none lands after the caller has cleaned up. */
  private async throwIfFailed(): Promise<void> {
    if (!this.failure) return;
    await Promise.allSettled(this.pending);
    throw this.failure.error;
  }
}
