import { isDeepStrictEqual } from 'node:util';
import {
  bulkDelete,
  cloneIndex,
  countDocs,
  finishBuildIndex,
  getDocs,
  indexLayout,
  resumeLoading,
} from '@app/search-index';
import { servedJson } from '@app/shaping';
import { recordContentHash } from '@app/store';
import { BatchPipeline } from '../batch-pipeline';
import { EntitySpec, LoadedRecord } from '../entity-specs';
import { openJsonl } from '../jsonl';
import {
  indexBatch,
  LoadContext,
  PIPELINE_LIMITS,
  prepareDocs,
  prepareServedRows,
  ServedRecord,
} from '../load-entity';
import { LoadError } from '../load-error';
import { copyUnchangedKeys, copyUnchangedRecords, insertRecords } from '../pg-writer';
import { silentProgress } from '../progress';
import { EntityLoad, ReadBatch, readBatches } from '../read-records';
import { BaseHashes, baseHashes, baseIndex, DeltaBase } from './base';
import { DeltaClassifier } from './classify';

/** Unchanged records whose stored search documents are compared with this code's projection. */
const PROJECTION_SAMPLE = 20;
/** Deletes per bulk request. */
const DELETE_BATCH = 1000;

/**
 * One file of an incremental load (data:load --from; docs/data-builds.md, "Incremental builds"):
 * the base build's index is cloned (its segment files, whatever the size) and takes only the
 * records added or changed and the deletions; Postgres gets those records by COPY, as a full
 * load writes them, and the unchanged ones copied from the base, restamped, batch by batch as
 * they are read. A line whose source hash the base holds is that record unchanged and is not
 * parsed; any other line goes through the trust boundary and is compared by content. Rejects and
 * counts are a full load's, so the quality gate judges the snapshot the same way.
 */
export async function loadEntityDelta<R extends LoadedRecord>(
  ctx: LoadContext,
  spec: EntitySpec<R>,
  path: string,
  index: string,
  base: DeltaBase,
): Promise<EntityLoad> {
  const entity = spec.entity;
  const source = openJsonl(path);
  const from = await baseIndex(ctx.os, base, entity);
  const hashes = await baseHashes(ctx.runner, entity, base.build, ctx.buildId);
  const delta = new DeltaClassifier(base.build, hashes.content);
  const layout = await indexLayout(ctx.os, ctx.osConfig, 0);
  await cloneIndex(ctx.os, from, index);
  await resumeLoading(ctx.os, index);

  const result: EntityLoad = { file: path, loaded: 0, rejected: 0, index, kept: 0, kept_from: null };
  const progress = ctx.opts.progress ?? silentProgress;
  const pipeline = new BatchPipeline(PIPELINE_LIMITS);
  const sample: R[] = [];
  let sampled = false;
  let copied = 0;
  let batchNo = 0;

  const flush = async (records: R[], read: ReadBatch<R>) => {
    batchNo += 1;
    const n = batchNo;
    const unchanged = read.passed.map((svc_id) => ({ svc_id, source: null as string | null }));
    for (const id of read.passed) delta.passed(id);
    const written: ServedRecord<R>[] = [];
    records.forEach((record, i) => {
      const served = servedJson(record, entity);
      const content = recordContentHash(served, ctx.buildId);
      if (delta.classify(record.svc_id, content) !== 'unchanged') {
        written.push({ record, served, content, source: read.sources[i] ?? null });
        return;
      }
      unchanged.push({ svc_id: record.svc_id, source: read.sources[i] ?? null });
      if (sample.length < PROJECTION_SAMPLE) sample.push(record);
    });
    if (!sampled && sample.length >= PROJECTION_SAMPLE) {
      sampled = true;
      await requireSameProjection(ctx, spec, from, sample);
    }
    const { rows, keys } = prepareServedRows(spec, written);
    const docs = prepareDocs(
      spec,
      written.map((w) => w.record),
    );
    await pipeline.add(
      async () => {
        await insertRecords(ctx.runner, entity, ctx.buildId, rows, keys);
        copied += await copyUnchangedRecords(ctx.runner, entity, base.build, ctx.buildId, unchanged);
      },
      () => indexBatch(ctx.os, entity, index, docs),
      async () => {
        result.loaded += records.length + read.passed.length;
        await ctx.opts.afterBatch?.(entity, n);
      },
    );
  };

  progress.start(entity === 'person' ? 'people' : 'companies', source.size);
  try {
    const read = {
      buildId: ctx.buildId,
      log: ctx.log,
      batchSize: ctx.opts.batchSize ?? 1000,
      pass: passUnchanged(hashes),
    };
    result.rejected = await readBatches(source, spec, read, flush, (unflushed) =>
      progress.update(source.bytesRead(), result.loaded + unflushed),
    );
    await pipeline.drain();
  } finally {
    progress.stop();
  }
  if (!sampled) await requireSameProjection(ctx, spec, from, sample);
  const deleted = delta.finish();
  for (let i = 0; i < deleted.length; i += DELETE_BATCH) {
    const failures = await bulkDelete(ctx.os, index, deleted.slice(i, i + DELETE_BATCH));
    if (failures.length > 0) {
      throw new LoadError(
        `OpenSearch refused to delete ${failures.length} ${entity} documents, first: ${failures[0].id}: ${failures[0].reason}`,
      );
    }
  }
  if (copied !== delta.counts.unchanged) {
    throw new LoadError(
      `build ${base.build} changed while it was compared: ${delta.counts.unchanged} ${entity} records were unchanged but ${copied} were copied`,
    );
  }
  await copyUnchangedKeys(ctx.runner, entity, base.build, ctx.buildId, [...delta.rewritten, ...deleted]);
  // The clone is one merged segment plus the delta's few: not worth merging the whole index again.
  await finishBuildIndex(ctx.os, index, layout.replicas, { merge: false });
  const docs = await countDocs(ctx.os, index);
  if (docs !== result.loaded) {
    throw new LoadError(
      `the ${entity} index holds ${docs} documents after the delta but the snapshot has ${result.loaded} records`,
    );
  }
  return { ...result, delta: delta.counts };
}

/**
 * The line hashes the base holds, each given once: a line carrying one is its record unchanged.
 * The first PROJECTION_SAMPLE are parsed anyway, so requireSameProjection has records to compare.
 */
function passUnchanged(hashes: BaseHashes): (sourceHash: string) => string | null {
  let parsedAnyway = 0;
  return (sourceHash) => {
    const id = hashes.sources.get(sourceHash);
    if (id === undefined) return null;
    hashes.sources.delete(sourceHash);
    if (parsedAnyway < PROJECTION_SAMPLE) {
      parsedAnyway += 1;
      return null;
    }
    return id;
  };
}

/**
 * An unchanged record's document is the base's, never written again: it must be the document
 * this code would write, or search would serve what another version projected. A few are
 * compared; one differing means the base was projected by other code, and the load fails whole.
 */
async function requireSameProjection<R extends LoadedRecord>(
  ctx: LoadContext,
  spec: EntitySpec<R>,
  from: string,
  sample: R[],
): Promise<void> {
  const stored = await getDocs(
    ctx.os,
    from,
    sample.map((r) => r.svc_id),
  );
  for (const record of sample) {
    const projected = JSON.parse(JSON.stringify(spec.project(record))) as unknown;
    if (!isDeepStrictEqual(stored.get(record.svc_id), projected)) {
      throw new LoadError(
        `the search document of ${spec.entity} ${record.svc_id} in ${from} is not what this version of the service projects from the same record; load this snapshot in full once, without --from`,
      );
    }
  }
}
