import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { JsonlLine, JsonlSource } from '../jsonl';
import { byteRange, holdsLine, Slice } from './slice';

const LF = 0x0a;
const CHUNK = 1 << 20;

/**
 * The lines of `path` that belong to `slice`, as a JsonlSource the loader reads like a whole
 * file (readBatches). Plain JSONL is cut by bytes: the slice reads only its range (plus the rest
 * of its last line); a gzip stream cannot be entered midway, so every slice of a `.jsonl.gz`
 * decompresses the whole file and keeps every N-th line.
 */
export function openJsonlSlice(path: string, slice: Slice, chunkBytes = CHUNK): JsonlSource {
  return path.endsWith('.gz') ? gzipSlice(path, slice) : byteSlice(path, slice, chunkBytes);
}

/** A line's text: its bytes up to the line feed, without a carriage return before it. */
function decode(parts: Buffer[]): string {
  const text = (parts.length === 1 ? parts[0] : Buffer.concat(parts)).toString('utf8');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/**
 * Lines whose first byte lies in the slice's byte range `[start, end)`: from the first line
 * beginning at or after `start` (a line begins at 0 or after a line feed) to the last one
 * beginning before `end`, read whole where it runs past `end`. So every line of the file is in
 * exactly one slice. Their numbers in the file are not known without reading all that precedes
 * `start`, so each line carries its byte offset instead. Blank lines are skipped, as a
 * whole-file read skips them.
 */
function byteSlice(path: string, slice: Slice, chunkBytes: number): JsonlSource {
  const { start, end } = byteRange(statSync(path).size, slice);
  let read = 0;
  return {
    path,
    size: end - start,
    bytesRead: () => Math.max(0, Math.min(read, end - start)),
    async *lines(): AsyncGenerator<JsonlLine> {
      if (start >= end) return;
      // From the byte before `start`: a line begins at `start` only if that byte is a line feed.
      const from = start === 0 ? 0 : start - 1;
      const stream = createReadStream(path, { start: from, highWaterMark: chunkBytes });
      let chunkPos = from;
      /** The file offset where the line being read begins; -1 until the first beginning is found. */
      let lineStart = start === 0 ? 0 : -1;
      let pending: Buffer[] = [];
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          const base = chunkPos;
          chunkPos += chunk.length;
          read = chunkPos - start;
          let at = 0;
          if (lineStart < 0) {
            const lf = chunk.indexOf(LF);
            if (lf < 0) continue;
            at = lf + 1;
            lineStart = base + at;
          }
          for (;;) {
            if (lineStart >= end) return;
            const lf = chunk.indexOf(LF, at);
            if (lf < 0) {
              if (at < chunk.length) pending.push(chunk.subarray(at));
              break;
            }
            pending.push(chunk.subarray(at, lf));
            const text = decode(pending);
            pending = [];
            if (text.trim() !== '') yield { line: null, offset: lineStart, text };
            at = lf + 1;
            lineStart = base + at;
          }
        }
        // The file's last line, without a line feed after it.
        if (lineStart >= 0 && lineStart < end && pending.length > 0) {
          const text = decode(pending);
          if (text.trim() !== '') yield { line: null, offset: lineStart, text };
        }
      } finally {
        stream.destroy();
      }
    },
  };
}

/**
 * Every line of a gzip file whose number (from 1, blank lines counted) is the slice's modulo N:
 * slice I of N keeps lines I, I + N, I + 2N, … A gzip stream can only be read from its start,
 * so each slice decompresses (and splits into lines) the whole file and parses only its own:
 * the parsing, normalizing and writing, most of a load's cost, are still divided by N. Lines
 * keep their numbers in the file.
 */
function gzipSlice(path: string, slice: Slice): JsonlSource {
  const file = createReadStream(path, { highWaterMark: CHUNK });
  const input = file.pipe(createGunzip());
  return {
    path,
    size: statSync(path).size,
    bytesRead: () => file.bytesRead,
    async *lines(): AsyncGenerator<JsonlLine> {
      let line = 0;
      for await (const text of createInterface({ input, crlfDelay: Infinity })) {
        line += 1;
        if (holdsLine(slice, line) && text.trim() !== '') yield { line, text };
      }
    },
  };
}
