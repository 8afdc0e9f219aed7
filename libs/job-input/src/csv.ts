import { parse, type CsvError } from 'csv-parse';
import type { Entity } from '@app/contracts';
import { csvColumns, type CsvColumn } from './csv-header';
import type { JobInputLimits } from './limits';
import { pause, SLICE_CHARS } from './pause';
import { ProblemLog } from './problems';
import { refuse, type JobInputRefused, type JobInputResult, type JobItem } from './result';

interface Row {
  record: string[];
  /** `bytes`: the offset just past the record and its line break. */
  info: { bytes: number };
}

/**
 * A CSV job (UTF-8 bytes, already checked): a header row (see csvColumns) and one item per row;
 * an empty or blank cell is an absent field. csv-parse handles quoting (commas, quotes and
 * newlines in quoted cells), CRLF and a BOM; it works on bytes, so a slice may end inside a
 * character. It is fed SLICE_CHARS bytes at a time with a turn of the event loop between.
 */
export async function parseCsvJob(
  bytes: Buffer,
  entity: Entity,
  limits: JobInputLimits,
): Promise<JobInputResult> {
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    // Either line break, mixed in one file (a file built by concatenation has both).
    record_delimiter: ['\r\n', '\n'],
    // Ragged rows are reported per row (below), not as a fatal error that would hide the others.
    relax_column_count: true,
    max_record_size: limits.maxRecordChars,
  });
  const rows: Row[] = [];
  let failure: CsvError | undefined;
  parser.on('data', (row: Row) => rows.push(row));
  parser.on('error', (e: CsvError) => (failure = e));

  const job = new CsvJob(entity, limits, new LineCounter(bytes));
  for (let offset = 0; offset < bytes.length && !failure; offset += SLICE_CHARS) {
    parser.write(bytes.subarray(offset, offset + SLICE_CHARS));
    await pause();
    const refused = job.take(rows.splice(0));
    if (refused) {
      parser.destroy();
      return refused;
    }
  }
  if (!failure) {
    await new Promise<void>((resolve) => {
      parser.once('end', resolve);
      parser.once('error', () => resolve());
      parser.end();
    });
  }
  if (failure) return malformed(failure, limits);
  return job.take(rows.splice(0)) ?? job.result();
}

function malformed(e: CsvError, limits: JobInputLimits): JobInputRefused {
  const line = (e as CsvError & { lines?: number }).lines;
  if (e.code === 'CSV_MAX_RECORD_SIZE') {
    return refuse(
      'payload_too_large',
      `a CSV record holds at most ${limits.maxRecordChars} characters`,
      line,
    );
  }
  return refuse('malformed', `the CSV is malformed: ${e.message}`, line);
}

/** The rows read so far: the header first, then items, with the line each one starts on. */
class CsvJob {
  private columns?: CsvColumn[];
  private readonly items: JobItem[] = [];
  private readonly log: ProblemLog;
  private index = 0;
  private end = 0;

  constructor(
    private readonly entity: Entity,
    private readonly limits: JobInputLimits,
    private readonly lines: LineCounter,
  ) {
    this.log = new ProblemLog(limits.maxReportedProblems);
  }

  take(rows: Row[]): JobInputRefused | undefined {
    for (const { record, info } of rows) {
      // csv-parse's own line count takes a CRLF inside quotes for two lines, so the line a
      // record starts on is counted here, from where the previous record ended.
      const line = this.lines.lineAt(this.end);
      this.end = info.bytes;
      if (!this.columns) {
        const columns = csvColumns(record, this.entity, this.limits.maxColumns);
        if ('reason' in columns) return refuse('malformed', columns.reason, line);
        this.columns = columns;
        continue;
      }
      if (this.index === this.limits.maxItems) {
        return refuse(
          'too_many_items',
          `a job holds at most ${this.limits.maxItems} items; line ${line} is one more`,
          line,
        );
      }
      this.row(record, line);
    }
    return undefined;
  }

  result(): JobInputResult {
    if (!this.columns) return refuse('empty', 'the upload is empty: a CSV job starts with a header row');
    if (this.index === 0) return refuse('empty', 'the upload holds a header but no rows');
    return this.log.result(this.items, {});
  }

  private row(record: string[], line: number): void {
    const columns = this.columns!;
    const index = this.index++;
    if (record.length !== columns.length) {
      this.log.add(index, `the row has ${record.length} cells, the header ${columns.length}`, line);
      return;
    }
    const params: Record<string, unknown> = {};
    const metadata: Record<string, unknown> = {};
    record.forEach((cell, i) => {
      if (cell.trim() === '') return;
      const column = columns[i];
      if ('field' in column) params[column.field] = cell;
      else metadata[column.metadataKey] = cell;
    });
    this.items.push({ index, line, params, ...(Object.keys(metadata).length > 0 ? { metadata } : {}) });
  }
}

/** Line numbers by byte offset, counted forward only, so a whole upload costs one pass. */
class LineCounter {
  private at = 0;
  private line = 1;

  constructor(private readonly bytes: Buffer) {}

  /** The line of the first byte at or after `offset` that is not a line break (blank lines are skipped). */
  lineAt(offset: number): number {
    let start = offset;
    while (start < this.bytes.length && (this.bytes[start] === 0x0a || this.bytes[start] === 0x0d)) start++;
    for (
      let nl = this.bytes.indexOf(0x0a, this.at);
      nl !== -1 && nl < start;
      nl = this.bytes.indexOf(0x0a, nl + 1)
    ) {
      this.line++;
      this.at = nl + 1;
    }
    return this.line;
  }
}
