/**
 * Gives the event loop a turn (a macrotask, so pending I/O and timers run, unlike a resolved
 * promise). The JSONL and CSV parsers call it between slices of input.
 */
export function pause(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Characters (JSONL) or bytes (CSV) parsed between two pauses: a few ms of work. */
export const SLICE_CHARS = 256 * 1024;
