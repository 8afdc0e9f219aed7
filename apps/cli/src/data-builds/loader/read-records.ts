import { formatProblems } from '@app/contracts';
import { sourceLineHash } from '@app/store';
import type { DeltaCounts } from './delta/classify';
import { EntitySpec, LoadedRecord } from './entity-specs';
import { JsonlLine, JsonlSource, openJsonl } from './jsonl';
import { LoadLog } from './load-log';
import { problemKind } from './quality-gate';

export interface EntityLoad {
  file: string | null;
  loaded: number;
  rejected: number;
  /** The OpenSearch index written; null on a dry run. */
  index: string | null;
  /** Without a file: records kept from the build serving before (`kept_from`), copied into this one. */
  kept: number;
  kept_from: string | null;
  /** People a standing suppression names, removed before the build serves (docs/privacy.md). */
  suppressed?: number;
  /** An incremental load (`--from`): how the snapshot differs from the base build. */
  delta?: DeltaCounts;
}

/** `--dry-run`: every line read and checked as a load would, nothing written. */
export async function checkEntity<R extends LoadedRecord>(
  spec: EntitySpec<R>,
  path: string | null,
  buildId: string,
  log: LoadLog,
  onRecord: (record: R) => void = () => undefined,
): Promise<EntityLoad> {
  const result: EntityLoad = { file: path, loaded: 0, rejected: 0, index: null, kept: 0, kept_from: null };
  if (!path) return result;
  const source = openJsonl(path);
  const seen = new Set<string>();
  for await (const at of source.lines()) {
    const record = parseLine(at.text, at, source, spec, seen, log, buildId);
    if (record === null) {
      result.rejected += 1;
    } else {
      result.loaded += 1;
      onRecord(record);
    }
  }
  return result;
}

/** What reading a file needs: the build its records are stamped with, where rejects go, the batch size. */
export interface ReadOptions {
  buildId: string;
  log: LoadLog;
  batchSize: number;
  /**
   * An incremental load (delta/): the svc_id of a record known unchanged from its line's source
   * hash, which is then passed over unparsed; null to parse the line as any other.
   */
  pass?: (sourceHash: string) => string | null;
}

/** One batch handed on: parsed records with their lines' source hashes, and records passed over. */
export interface ReadBatch<R> {
  records: R[];
  /** sourceLineHash of each record's line, in `records` order. */
  sources: string[];
  /** svc_ids of lines passed over unparsed (ReadOptions.pass). */
  passed: string[];
}

const emptyBatch = <R>(): ReadBatch<R> => ({ records: [], sources: [], passed: [] });

/**
 * Reads `source` through the trust boundary (parseLine) and hands its records on in batches of
 * `batchSize`, waiting for each hand-over; returns how many lines were rejected. `onRecord`
 * sees, after each accepted record, how many are read and not yet handed on (a progress bar).
 */
export async function readBatches<R extends LoadedRecord>(
  source: JsonlSource,
  spec: EntitySpec<R>,
  read: ReadOptions,
  flush: (records: R[], batch: ReadBatch<R>) => Promise<void>,
  onRecord: (unflushed: number) => void = () => undefined,
): Promise<number> {
  const seen = new Set<string>();
  let rejected = 0;
  let batch = emptyBatch<R>();
  const size = (b: ReadBatch<R>) => b.records.length + b.passed.length;
  for await (const at of source.lines()) {
    const hashed = sourceLineHash(at.text);
    const passed = read.pass?.(hashed.hash) ?? null;
    // A record already read is a duplicate line: parsed, so it is rejected as a full load rejects it.
    if (passed !== null && !seen.has(passed)) {
      seen.add(passed);
      if (hashed.stamp !== null && hashed.stamp !== read.buildId) {
        restamped(read.log, source, at, hashed.stamp, read.buildId);
      }
      batch.passed.push(passed);
    } else {
      const record = parseLine(at.text, at, source, spec, seen, read.log, read.buildId);
      if (record === null) {
        rejected += 1;
        continue;
      }
      batch.records.push(record);
      batch.sources.push(hashed.hash);
    }
    if (size(batch) >= read.batchSize) {
      const full = batch;
      batch = emptyBatch<R>();
      await flush(full.records, full);
    }
    onRecord(size(batch));
  }
  if (size(batch) > 0) await flush(batch.records, batch);
  return rejected;
}

/** The line's record, stamped with this build; null (and logged) when the line is rejected. */
export function parseLine<R extends LoadedRecord>(
  text: string,
  at: Pick<JsonlLine, 'line' | 'offset'>,
  source: JsonlSource,
  spec: EntitySpec<R>,
  seen: Set<string>,
  log: LoadLog,
  buildId: string,
): R | null {
  const file = source.path;
  const line = at.line;
  // A line of a byte range has no known number: its problems say where it begins instead.
  const where = at.offset === undefined ? {} : { byte_offset: at.offset };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    log.reject({ file, line, ...where, reason: `not valid JSON: ${(error as Error).message}` }, [
      '(line): not valid JSON',
    ]);
    return null;
  }
  const normalized = spec.normalize(value);
  if (!normalized.ok) {
    log.reject(
      { file, line, ...where, reason: formatProblems(normalized.problems) },
      normalized.problems.map(problemKind),
    );
    return null;
  }
  const record = normalized.record;
  if (seen.has(record.svc_id)) {
    log.reject(
      { file, line, ...where, reason: `duplicate svc_id ${record.svc_id} (an earlier line has it)` },
      ['svc_id: duplicate (an earlier line has it)'],
    );
    return null;
  }
  seen.add(record.svc_id);
  if (record.build_version !== null && record.build_version !== buildId) {
    restamped(log, source, at, record.build_version, buildId);
  }
  record.build_version = buildId;
  return record;
}

/** A line that carried another build's version, stamped with this one: a warning, not a reject. */
function restamped(
  log: LoadLog,
  source: JsonlSource,
  at: Pick<JsonlLine, 'line' | 'offset'>,
  stamp: string,
  buildId: string,
): void {
  log.restamped({
    file: source.path,
    line: at.line,
    ...(at.offset === undefined ? {} : { byte_offset: at.offset }),
    reason: `build_version ${stamp} replaced by this build's ${buildId}`,
  });
}
