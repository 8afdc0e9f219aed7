import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { ERROR_STATUS, type ErrorCode } from '@app/contracts';
import { type JobRow, type Queryable, readResultParts, readUnreachedItems } from '@app/store';
import { unreachedLine } from '../job-runner/job-lines';

const gzipAsync = promisify(gzip);
/** Stored parts read per round trip: about 100 items each, so a few hundred records in memory at most. */
const PARTS_PER_READ = 10;

/**
 * A job's results file: the stored gzip members in item order, which concatenated are one
 * valid gzip stream of JSONL. A canceled or failed job's items no run reached get a line too,
 * saying why, so every item of a finished job has exactly one line. A job still running gives
 * the items done so far. Never empty: an empty member stands for no lines yet.
 */
export function jobResults(q: Queryable, job: JobRow): Readable {
  return Readable.from(members(q, job), { objectMode: false });
}

async function* members(q: Queryable, job: JobRow): AsyncGenerator<Buffer> {
  const gaps = job.status === 'canceled' || job.status === 'failed' ? await unreached(q, job) : [];
  let from = 0;
  let sent = false;
  for (;;) {
    const parts = await readResultParts(q, job.id, from, PARTS_PER_READ);
    for (const part of parts) {
      while (gaps.length > 0 && gaps[0].index < part.first_index) {
        yield await gapMember(gaps, part.first_index);
        sent = true;
      }
      yield part.lines_gzip;
      sent = true;
      from = part.first_index + part.item_count;
    }
    if (parts.length < PARTS_PER_READ) break;
  }
  while (gaps.length > 0) {
    yield await gapMember(gaps, Number.POSITIVE_INFINITY);
    sent = true;
  }
  if (!sent) yield await gzipAsync('');
}

interface Gap {
  index: number;
  line: string;
}

/** The lines of the unreached items before `before`, taken off the front of `gaps`, as one member. */
async function gapMember(gaps: Gap[], before: number): Promise<Buffer> {
  let n = 0;
  while (n < gaps.length && gaps[n].index < before) n++;
  return gzipAsync(
    gaps
      .splice(0, n)
      .map((g) => g.line)
      .join(''),
  );
}

async function unreached(q: Queryable, job: JobRow): Promise<Gap[]> {
  const code = (job.failure?.error ?? 'conflict') as ErrorCode;
  const error =
    job.status === 'canceled'
      ? {
          error: 'conflict' as ErrorCode,
          message: 'The job was canceled before this item was run.',
          details: null,
        }
      : {
          error: code,
          message: job.failure?.message ?? 'The job failed before this item was run.',
          details: null,
        };
  const status = ERROR_STATUS[error.error] ?? 500;
  const gaps: Gap[] = [];
  for (const chunk of await readUnreachedItems(q, job.id)) {
    for (let offset = chunk.next_offset; offset < chunk.items.length; offset++) {
      const index = chunk.first_index + offset;
      const metadata = chunk.items[offset].metadata as Record<string, unknown> | undefined;
      gaps.push({ index, line: unreachedLine(index, metadata, status, error) });
    }
  }
  return gaps;
}
