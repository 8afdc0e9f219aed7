export interface BatcherOptions {
  /** A row waits at most about this long before its batch is written. */
  flushMs: number;
  /** A batch written at once (one statement); a buffer this full is written without waiting. */
  batchRows: number;
  /** Rows held at most, waiting or being written: past it new rows are dropped, never queued. */
  maxRows: number;
}

export type DropReason = 'buffer_full' | 'write_failed' | 'closed';

export interface BatcherSinks<T> {
  write(rows: T[]): Promise<void>;
  dropped(rows: number, reason: DropReason, error?: Error): void;
}

/**
 * Rows recorded on the request path, written in batches off it: add() only pushes onto an array
 * (a request never waits for the database), and one write at a time takes up to `batchRows`
 * rows every `flushMs`, or at once when that many wait. Memory is bounded: a database that is
 * away or slower than the traffic fills the buffer to `maxRows`, then rows are dropped and
 * counted (BatcherSinks.dropped), as is a batch whose write fails; nothing is retried, so a long
 * outage costs the rows of that time and never a growing queue.
 */
export class RequestBatcher<T> {
  private rows: T[] = [];
  private writing: Promise<void> | null = null;
  /** Rows taken by the write in flight: they still count against maxRows. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly options: BatcherOptions,
    private readonly sinks: BatcherSinks<T>,
  ) {}

  add(row: T): void {
    if (this.closed) return this.sinks.dropped(1, 'closed');
    if (this.rows.length + this.inFlight >= this.options.maxRows) return this.sinks.dropped(1, 'buffer_full');
    this.rows.push(row);
    if (this.rows.length >= this.options.batchRows) this.flushSoon(0);
    else this.flushSoon(this.options.flushMs);
  }

  /** Rows waiting, not counting a write in flight. */
  get pending(): number {
    return this.rows.length;
  }

  /** Writes everything waiting, then takes no more: for shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /** Writes everything waiting now, batch after batch. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.writing) await this.writing;
    while (this.rows.length > 0) {
      const write = (this.writing = this.writeBatch());
      await write.finally(() => (this.writing = null));
    }
  }

  private flushSoon(ms: number): void {
    if (this.writing) return; // the write in flight schedules the next one when it ends
    if (this.timer) {
      if (ms > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.writeBatch().finally(() => {
        this.writing = null;
        if (this.rows.length > 0 && !this.closed)
          this.flushSoon(this.rows.length >= this.options.batchRows ? 0 : this.options.flushMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async writeBatch(): Promise<void> {
    const batch = this.rows.splice(0, this.options.batchRows);
    if (batch.length === 0) return;
    this.inFlight = batch.length;
    try {
      await this.sinks.write(batch);
    } catch (error) {
      this.sinks.dropped(batch.length, 'write_failed', error as Error);
    } finally {
      this.inFlight = 0;
    }
  }
}
