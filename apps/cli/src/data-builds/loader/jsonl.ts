import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export interface JsonlLine {
  /** The file's own line number; null where it is not known (a byte range read alone, see slices/). */
  line: number | null;
  /** Where the line begins in the file, in bytes, when its number is not known. */
  offset?: number;
  text: string;
}

export interface JsonlSource {
  path: string;
  /** Bytes on disk (compressed for .gz): the progress bar's total. */
  size: number;
  /** Bytes of the file read so far. */
  bytesRead(): number;
  lines(): AsyncIterable<JsonlLine>;
}

/** `DIR/<name>.jsonl` or `DIR/<name>.jsonl.gz`, or null when neither exists. */
export function findJsonl(dir: string, name: string): string | null {
  for (const candidate of [`${name}.jsonl`, `${name}.jsonl.gz`]) {
    const path = join(dir, candidate);
    if (existsSync(path)) return path;
  }
  return null;
}

export function openJsonl(path: string): JsonlSource {
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  const input = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  return {
    path,
    size: statSync(path).size,
    bytesRead: () => file.bytesRead,
    async *lines() {
      let line = 0;
      for await (const text of createInterface({ input, crlfDelay: Infinity })) {
        line += 1;
        if (text.trim() !== '') yield { line, text };
      }
    },
  };
}
