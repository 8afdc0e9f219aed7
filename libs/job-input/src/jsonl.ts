import { jsonItem } from './item';
import type { JobInputLimits } from './limits';
import { pause, SLICE_CHARS } from './pause';
import { ProblemLog } from './problems';
import { refuse, type JobInputResult, type JobItem } from './result';

/**
 * A JSONL job: one single-enrich body (with an optional `metadata`) per line. Blank lines are
 * skipped and do not count as items; a bad line is reported with its line number and the rest
 * are still read. The event loop gets a turn after every SLICE_CHARS of input.
 */
export async function parseJsonlJob(text: string, limits: JobInputLimits): Promise<JobInputResult> {
  const log = new ProblemLog(limits.maxReportedProblems);
  const items: JobItem[] = [];
  let index = 0;
  let sinceParse = 0;
  for (let start = 0, line = 1; start < text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const length = end - start;
    // Measured before any copy or scan of the line, so an endless line costs nothing more.
    const raw = length > limits.maxRecordChars + 1 ? undefined : text.slice(start, end).replace(/\r$/, '');
    sinceParse += length;
    start = end + 1;
    if (raw !== undefined && raw.trim() === '') continue;
    if (index === limits.maxItems) {
      return refuse(
        'too_many_items',
        `a job holds at most ${limits.maxItems} items; line ${line} is one more`,
        line,
      );
    }
    const item = raw === undefined ? tooLong(length, limits) : lineItem(raw, index, line, limits);
    if ('reason' in item) log.add(index, item.reason, line);
    else items.push(item);
    index++;
    if (sinceParse >= SLICE_CHARS) {
      sinceParse = 0;
      await pause();
    }
  }
  if (index === 0) return refuse('empty', 'the upload holds no items');
  return log.result(items, {});
}

function tooLong(length: number, limits: JobInputLimits): { reason: string } {
  return { reason: `a line holds at most ${limits.maxRecordChars} characters, this one ${length}` };
}

function lineItem(
  raw: string,
  index: number,
  line: number,
  limits: JobInputLimits,
): JobItem | { reason: string } {
  if (raw.length > limits.maxRecordChars) return tooLong(raw.length, limits);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { reason: `the line is not JSON: ${(e as Error).message}` };
  }
  return jsonItem(value, index, line, 'each line');
}
