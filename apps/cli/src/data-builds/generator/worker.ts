/**
 * Worker thread for parallel generation: builds its own context from the options (the same
 * pure inputs give the same context) and answers chunk requests with ready-made JSONL text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { companyAt } from './companies';
import { createContext } from './context';
import type { GeneratorOptions } from './model';
import { generatePerson } from './person';

export type ChunkKind = 'people' | 'companies';

export interface ChunkRequest {
  kind: ChunkKind;
  chunk: number;
  start: number;
  end: number;
}

export interface ChunkResult {
  chunk: number;
  /** UTF-8 bytes of the chunk's lines, transferred (not copied) to the writer. */
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

if (parentPort !== null) {
  const port = parentPort;
  const ctx = createContext(workerData as GeneratorOptions);
  port.on('message', (req: ChunkRequest) => {
    // Each record is encoded straight into one chunk buffer (no joined string to flatten), and
    // the buffer is transferred, not copied, so the writer thread only writes bytes.
    let buf = new Uint8Array(1 << 22);
    let used = 0;
    for (let k = req.start; k < req.end; k++) {
      const record = req.kind === 'people' ? generatePerson(ctx, k) : companyAt(ctx, k);
      const line = `${JSON.stringify(record)}\n`;
      // UTF-8 needs at most 3 bytes per UTF-16 unit.
      if (used + line.length * 3 > buf.length) {
        const bigger = new Uint8Array(Math.max(buf.length * 2, used + line.length * 3));
        bigger.set(buf.subarray(0, used));
        buf = bigger;
      }
      used += encoder.encodeInto(line, buf.subarray(used)).written;
    }
    const bytes = buf.subarray(0, used);
    port.postMessage({ chunk: req.chunk, bytes } satisfies ChunkResult, [buf.buffer]);
  });
}
