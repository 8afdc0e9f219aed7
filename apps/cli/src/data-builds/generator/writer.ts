/**
 * JSON Lines output with backpressure: records are produced one at a time, batched into
 * chunks of a few hundred kilobytes, and the producer waits whenever the file stream's buffer
 * is full, so memory stays flat however many records are written.
 */
import { createWriteStream } from 'node:fs';

const CHUNK_CHARS = 1 << 19;

/** Resolves on 'drain', or on 'error' (the caller checks for the error), without leaking listeners. */
export function drained(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('error', done);
  });
}

export interface WriteResult {
  lines: number;
  bytes: number;
}

/**
 * Writes `count` lines, line k being JSON.stringify(produce(k)). `onLines` is called with the
 * running total after each flushed chunk.
 */
export async function writeJsonLines(
  path: string,
  count: number,
  produce: (k: number) => unknown,
  onLines?: (done: number) => void,
): Promise<WriteResult> {
  const out = createWriteStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let failed: Error | null = null;
  out.on('error', (e) => {
    failed = e;
  });
  let bytes = 0;
  let chunk = '';
  const flush = async (done: number): Promise<void> => {
    if (failed) throw failed;
    bytes += Buffer.byteLength(chunk);
    const ok = out.write(chunk);
    chunk = '';
    if (!ok) await drained(out);
    if (failed) throw failed;
    onLines?.(done);
  };
  try {
    for (let k = 0; k < count; k++) {
      chunk += `${JSON.stringify(produce(k))}\n`;
      if (chunk.length >= CHUNK_CHARS) await flush(k + 1);
    }
    if (chunk.length > 0 || count === 0) await flush(count);
  } catch (e) {
    out.destroy();
    throw e;
  }
  await new Promise<void>((resolve, reject) => {
    out.end((e?: Error | null) => (e ? reject(e) : resolve()));
  });
  if (failed) throw failed;
  return { lines: count, bytes };
}
