/**
 * Parallel JSONL writing: worker threads generate chunks of lines, the main thread writes them
 * strictly in chunk order, so the file is byte-identical to a single-threaded run. At most a
 * small window of chunks is requested ahead of the writer, which keeps memory bounded and lets
 * file backpressure pause generation.
 */
import { existsSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GeneratorOptions } from './model';
import type { ChunkKind, ChunkRequest, ChunkResult } from './worker';
import { type WriteResult, drained } from './writer';

const WORKER_FILE = join(__dirname, 'worker.js');

/** Workers need the compiled worker.js; under ts-jest/swc only the .ts exists. */
export function workersAvailable(): boolean {
  return existsSync(WORKER_FILE);
}

export class WorkerPool {
  private readonly workers: Worker[];
  private failure: Error | null = null;

  constructor(size: number, opts: GeneratorOptions) {
    this.workers = Array.from({ length: size }, () => {
      const w = new Worker(WORKER_FILE, { workerData: opts });
      w.on('error', (e) => {
        this.failure ??= e;
      });
      return w;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  /** Writes `count` records of `kind` to `path` in order; `onLines` gets the running total. */
  async writeJsonLines(
    path: string,
    kind: ChunkKind,
    count: number,
    chunkSize: number,
    onLines?: (done: number) => void,
  ): Promise<WriteResult> {
    const out = createWriteStream(path, { highWaterMark: 1 << 22 });
    let failed: Error | null = null;
    out.on('error', (e) => {
      failed = e;
    });
    const chunks = Math.ceil(count / chunkSize);
    const window = this.workers.length * 3;
    const ready = new Map<number, Uint8Array>();
    const busy = new Map<Worker, number>();
    let requested = 0;
    let written = 0;
    let bytes = 0;
    let wake: (() => void) | null = null;

    const onMessage = (w: Worker) => (msg: ChunkResult) => {
      ready.set(msg.chunk, msg.bytes);
      busy.set(w, (busy.get(w) ?? 1) - 1);
      wake?.();
    };
    const handlers = this.workers.map((w) => {
      const h = onMessage(w);
      w.on('message', h);
      return [w, h] as const;
    });
    const topUp = () => {
      for (const w of this.workers) {
        while ((busy.get(w) ?? 0) < 2 && requested < chunks && requested < written + window) {
          const start = requested * chunkSize;
          const req: ChunkRequest = {
            kind,
            chunk: requested,
            start,
            end: Math.min(count, start + chunkSize),
          };
          w.postMessage(req);
          busy.set(w, (busy.get(w) ?? 0) + 1);
          requested++;
        }
      }
    };

    try {
      topUp();
      while (written < chunks) {
        if (this.failure) throw this.failure;
        if (failed) throw failed;
        const chunk = ready.get(written);
        if (chunk === undefined) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            // A crashed worker never answers; poll for its error.
            setTimeout(resolve, 1000).unref();
          });
          wake = null;
          continue;
        }
        ready.delete(written);
        written++;
        bytes += chunk.byteLength;
        topUp();
        if (!out.write(chunk)) await drained(out);
        onLines?.(Math.min(count, written * chunkSize));
      }
      if (failed) throw failed;
    } catch (e) {
      out.destroy();
      throw e;
    } finally {
      for (const [w, h] of handlers) w.off('message', h);
    }
    await new Promise<void>((resolve, reject) => {
      out.end((e?: Error | null) => (e ? reject(e) : resolve()));
    });
    return { lines: count, bytes };
  }
}
