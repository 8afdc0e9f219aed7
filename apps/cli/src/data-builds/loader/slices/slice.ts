/**
 * A slice of a build's input: `data:load DIR --build B --slice I/N` loads only its part of each
 * file, so N processes (on one machine or several) load one build together
 * (docs/data-builds.md, "Slices: one build from several processes").
 */
import { UsageError } from '../../../errors';

/** At most this many slices: one build's shards are at most 64 (MAX_SHARDS), and so are its writers. */
export const MAX_SLICES = 64;

export interface Slice {
  /** I of I/N, from 1. */
  index: number;
  /** N of I/N. */
  count: number;
}

export const sliceName = (s: Slice) => `${s.index}/${s.count}`;

/**
 * The bytes `[start, end)` whose line beginnings belong to slice I of a file of `size` bytes:
 * the I-th of N ranges as equal as whole bytes allow. Every line begins in exactly one.
 */
export function byteRange(size: number, s: Slice): { start: number; end: number } {
  return {
    start: Math.floor((size * (s.index - 1)) / s.count),
    end: Math.floor((size * s.index) / s.count),
  };
}

/** Whether line `line` (the file's own number, from 1) of a gzip file belongs to the slice. */
export const holdsLine = (s: Slice, line: number) => (line - 1) % s.count === s.index - 1;

/** The load id of a sliced build's indices: `slices_<N>`, never a random one (base 36 has no `_`). */
export const SLICED_LOAD_ID = 'slices_';
export const slicedLoadId = (count: number) => `${SLICED_LOAD_ID}${count}`;

/** `--slice I/N`: this process's slice I of N, 1 ≤ I ≤ N ≤ 64; a UsageError (exit 2) otherwise. */
export function sliceFlag(flag: string, raw: string): Slice {
  const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(raw);
  if (!m) {
    throw new UsageError(
      `${flag} must be I/N, this process's slice I of N slices (1 ≤ I ≤ N ≤ ${MAX_SLICES}), e.g. 1/4 (got ${JSON.stringify(raw)})`,
    );
  }
  const [index, count] = [Number(m[1]), Number(m[2])];
  if (count < 1 || count > MAX_SLICES) {
    throw new UsageError(`${flag}: N must be from 1 to ${MAX_SLICES} (got ${JSON.stringify(raw)})`);
  }
  if (index < 1 || index > count) {
    throw new UsageError(`${flag}: I must be from 1 to N, here 1 to ${count} (got ${JSON.stringify(raw)})`);
  }
  return { index, count };
}
