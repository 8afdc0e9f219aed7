import { formatProblems } from '@app/contracts';
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
}

/**
 * Reads `source` through the trust boundary (parseLine) and hands its records on in batches of
 * `batchSize`, waiting for each hand-over; returns how many lines were rejected. `onRecord`
 * sees, after each accepted record, how many are read and not yet handed on (a progress bar).
 */
export async function readBatches<R extends LoadedRecord>(
  source: JsonlSource,
  spec: EntitySpec<R>,
  read: ReadOptions,
  flush: (records: R[]) => Promise<void>,
  onRecord: (unflushed: number) => void = () => undefined,
): Promise<number> {
  const seen = new Set<string>();
  let rejected = 0;
  let batch: R[] = [];
  for await (const at of source.lines()) {
    const record = parseLine(at.text, at, source, spec, seen, read.log, read.buildId);
    if (record === null) {
      rejected += 1;
      continue;
    }
    batch.push(record);
    if (batch.length >= read.batchSize) {
      const records = batch;
      batch = [];
      await flush(records);
    }
    onRecord(batch.length);
  }
  if (batch.length > 0) await flush(batch);
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
    log.restamped({
      file,
      line,
      ...where,
      reason: `build_version ${record.build_version} replaced by this build's ${buildId}`,
    });
  }
  record.build_version = buildId;
  return record;
}
