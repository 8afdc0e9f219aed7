import { statSync } from 'node:fs';
import { Client } from '@opensearch-project/opensearch';
import { QueryRunner } from 'typeorm';
import { Entity } from '@app/contracts';
import type { KeyRow } from '@app/matching';
import type { OpenSearchConfig } from '@app/config';
import { bulkIndex, createBuildIndex, finishBuildIndex, indexLayout, SearchDoc } from '@app/search-index';
import { servedJson } from '@app/shaping';
import { recordContentHash } from '@app/store';
import { BatchPipeline, PipelineLimits } from './batch-pipeline';
import { EntitySpec, LoadedRecord } from './entity-specs';
import { JsonlSource, openJsonl } from './jsonl';
import { LoadError } from './load-error';
import { LoadLog } from './load-log';
import { insertRecords, RecordRow } from './pg-writer';
import { Progress, silentProgress } from './progress';
import { EntityLoad, ReadBatch, readBatches } from './read-records';

/** Two bulk requests keep two OpenSearch write threads busy; a few batches buffer the reader. */
export const PIPELINE_LIMITS: PipelineLimits = { pending: 4, search: 2 };

/** How a load writes its batches. */
export interface BatchOptions {
  batchSize?: number;
  progress?: Progress;
  /** Called after each batch is written; a throw aborts the load (used to prove atomicity). */
  afterBatch?: (entity: Entity, batch: number) => void | Promise<void>;
}

export interface LoadContext {
  runner: QueryRunner;
  os: Client;
  /** Its replicas and shards settings lay out each index (docs/data-builds.md, "Index settings"). */
  osConfig: Partial<Pick<OpenSearchConfig, 'replicas' | 'shards'>>;
  buildId: string;
  opts: BatchOptions;
  log: LoadLog;
}

/** One file into the load's transaction and a fresh index, batch by batch. */
export async function loadEntity<R extends LoadedRecord>(
  ctx: LoadContext,
  spec: EntitySpec<R>,
  path: string,
  index: string,
): Promise<EntityLoad> {
  const layout = await indexLayout(ctx.os, ctx.osConfig, jsonlBytes(path));
  await createBuildIndex(ctx.os, index, spec.entity, layout);
  const result = await writeEntity(ctx, spec, openJsonl(path), index);
  await finishBuildIndex(ctx.os, index, layout.replicas);
  return result;
}

/**
 * Every line of `source` through the trust boundary into the load's transaction and into
 * `index`, batch by batch (a whole file, or a slice of one: data:load --slice).
 */
export async function writeEntity<R extends LoadedRecord>(
  ctx: LoadContext,
  spec: EntitySpec<R>,
  source: JsonlSource,
  index: string,
): Promise<EntityLoad> {
  const entity = spec.entity;
  const result: EntityLoad = { file: source.path, loaded: 0, rejected: 0, index, kept: 0, kept_from: null };
  const progress = ctx.opts.progress ?? silentProgress;
  const batchSize = ctx.opts.batchSize ?? 1000;
  const pipeline = new BatchPipeline(PIPELINE_LIMITS);
  let batchNo = 0;

  const flush = async (records: R[], read: ReadBatch<R>) => {
    batchNo += 1;
    const n = batchNo;
    const prepared = prepareBatch(spec, records, read.sources);
    await pipeline.add(
      () => insertRecords(ctx.runner, entity, ctx.buildId, prepared.rows, prepared.keys),
      () => indexBatch(ctx.os, entity, index, prepared.docs),
      async () => {
        result.loaded += records.length;
        await ctx.opts.afterBatch?.(entity, n);
      },
    );
  };

  progress.start(entity === 'person' ? 'people' : 'companies', source.size);
  try {
    const read = { buildId: ctx.buildId, log: ctx.log, batchSize };
    result.rejected = await readBatches(source, spec, read, flush, (unflushed) =>
      progress.update(source.bytesRead(), result.loaded + unflushed),
    );
    await pipeline.drain();
  } finally {
    progress.stop();
  }
  return result;
}

/** JSONL of records compresses about 6:1 with gzip; the shard rule counts uncompressed bytes. */
const GZIP_RATIO = 6;

export function jsonlBytes(path: string): number {
  const size = statSync(path).size;
  return path.endsWith('.gz') ? size * GZIP_RATIO : size;
}

interface PreparedBatch {
  rows: RecordRow[];
  keys: KeyRow<string>[];
  docs: SearchDoc[];
}

function prepareBatch<R extends LoadedRecord>(
  spec: EntitySpec<R>,
  records: R[],
  sources: readonly string[],
): PreparedBatch {
  return { ...prepareRows(spec, records, sources), docs: prepareDocs(spec, records) };
}

/**
 * A batch's Postgres side: record rows (with the served text and its hashes) and match keys.
 * `sources` are the records' line hashes (ReadBatch), when read from a file.
 */
export function prepareRows<R extends LoadedRecord>(
  spec: EntitySpec<R>,
  records: R[],
  sources: readonly string[] = [],
): Pick<PreparedBatch, 'rows' | 'keys'> {
  return prepareServedRows(
    spec,
    records.map((record, i) => {
      const served = servedJson(record, spec.entity);
      // Every loaded record is stamped (parseLine): the hash cuts out that stamp.
      return {
        record,
        served,
        content: recordContentHash(served, record.build_version ?? ''),
        source: sources[i] ?? null,
      };
    }),
  );
}

/** A record with its served text and hashes, made once (an incremental load compares the content hash first). */
export interface ServedRecord<R> {
  record: R;
  served: string;
  content: string;
  source: string | null;
}

/** prepareRows of records whose served text and hashes are made already. */
export function prepareServedRows<R extends LoadedRecord>(
  spec: EntitySpec<R>,
  records: readonly ServedRecord<R>[],
): Pick<PreparedBatch, 'rows' | 'keys'> {
  const prepared: Pick<PreparedBatch, 'rows' | 'keys'> = { rows: [], keys: [] };
  for (const { record, served, content, source } of records) {
    const extracted = spec.rows(record);
    prepared.rows.push({ columns: extracted.row, served, content, source });
    for (const k of extracted.keys) prepared.keys.push(k);
  }
  return prepared;
}

/** A batch's OpenSearch side: one search document per record. */
export function prepareDocs<R extends LoadedRecord>(spec: EntitySpec<R>, records: R[]): SearchDoc[] {
  return records.map((record) => spec.project(record));
}

export async function indexBatch(
  os: Client,
  entity: Entity,
  index: string,
  docs: SearchDoc[],
): Promise<void> {
  const failures = await bulkIndex(os, index, docs);
  if (failures.length > 0) {
    throw new LoadError(
      `OpenSearch refused ${failures.length} ${entity} documents, first: ${failures[0].id}: ${failures[0].reason}`,
    );
  }
}
