import { Client } from '@opensearch-project/opensearch';
import { randomBytes } from 'node:crypto';
import { DataSource, QueryRunner } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { servedJson } from '@app/shaping';
import {
  CompanyRecord,
  formatProblems,
  isBuildVersion,
  Normalized,
  normalizeCompanyRecord,
  normalizePersonRecord,
  PersonRecord,
  BuildKind,
  Entity,
} from '@app/contracts';
import {
  aliasName,
  aliasTargets,
  buildIndexName,
  buildIndexPattern,
  bulkIndex,
  createBuildIndex,
  deleteIndices,
  finishBuildIndex,
  listIndices,
  projectCompany,
  projectPerson,
  SearchDoc,
  swapAlias,
} from '@app/search-index';
import { activateBuild, buildKindOf, findBuild, insertLoadingBuild, recordFailedBuild } from '@app/store';
import { findJsonl, JsonlSource, openJsonl } from './jsonl';
import {
  analyzeBuildTables,
  clearBuildRows,
  countBuildValues,
  insertRecords,
  RecordRow,
  vacuumBuildTables,
} from './pg-writer';
import { Progress, silentProgress } from './progress';
import { BatchPipeline, PipelineLimits } from './batch-pipeline';
import { companyRows, KeyRow, personRows } from '@app/matching';
import { LoadError } from './load-error';
import { LineProblem, LoadLog } from './load-log';
import {
  DEFAULT_MAX_REJECTED_PERCENT,
  GateVerdict,
  judgeBuild,
  problemKind,
  QualityGateError,
  ReasonCount,
} from './quality-gate';

export type { LineProblem } from './load-log';

export interface LoadOptions {
  dir: string;
  buildId?: string;
  sandbox?: boolean;
  batchSize?: number;
  progress?: Progress;
  onProblem?: (problem: LineProblem) => void;
  /** A line that loads, with something the operator should know (another build's version). */
  onWarning?: (warning: LineProblem) => void;
  /** The build serves only when at most this share of lines (percent) is rejected; default 1. */
  maxRejectedPercent?: number;
  /** Read and check every line, write nothing. */
  dryRun?: boolean;
  /** Called after each batch is written; a throw aborts the load (used to prove atomicity). */
  afterBatch?: (entity: Entity, batch: number) => void | Promise<void>;
}

export interface EntityLoad {
  file: string | null;
  loaded: number;
  rejected: number;
  /** The OpenSearch index written; null on a dry run. */
  index: string | null;
}

export interface LoadReport {
  build: string;
  kind: BuildKind;
  people: EntityLoad;
  companies: EntityLoad;
  /** Every bad line counts here; `problems` keeps the first MAX_KEPT_PROBLEMS of them. */
  problem_count: number;
  problems: LineProblem[];
  /** The most frequent kinds of problem, over every bad line. */
  top_reasons: ReasonCount[];
  /** Lines that carried another build's `build_version` (stamped with this one); first few kept. */
  restamped_count: number;
  warnings: LineProblem[];
  gate: GateVerdict;
  /** True when nothing was written (`--dry-run`). */
  dry_run: boolean;
  seconds: number;
  people_per_second: number;
}

const FILES: Record<Entity, string> = { person: 'people', company: 'companies' };
/** Two bulk requests keep two OpenSearch write threads busy; a few batches buffer the reader. */
const PIPELINE_LIMITS: PipelineLimits = { pending: 4, search: 2 };

type LoadedRecord = { svc_id: string; build_version: string | null };

/** What the loader needs to know of an entity: its trust-boundary check, rows and search document. */
interface EntitySpec<R extends LoadedRecord> {
  entity: Entity;
  normalize(x: unknown): Normalized<R>;
  rows(r: R): { row: { svc_id: string }; keys: KeyRow<string>[] };
  project(r: R): SearchDoc;
}

const PERSON: EntitySpec<PersonRecord> = {
  entity: 'person',
  normalize: normalizePersonRecord,
  rows: personRows,
  project: projectPerson,
};
const COMPANY: EntitySpec<CompanyRecord> = {
  entity: 'company',
  normalize: normalizeCompanyRecord,
  rows: companyRows,
  project: projectCompany,
};

/**
 * Loads DIR as one build into Postgres and OpenSearch. Postgres rows go in one transaction and
 * OpenSearch into fresh indices; only when both are complete are the aliases swapped and the
 * transaction committed, so the previous build serves until then and a failure leaves it
 * serving in both stores. Bad lines are reported and skipped; the rest load.
 */
export async function loadBuild(
  db: DataSource,
  os: Client,
  osConfig: OpenSearchConfig,
  opts: LoadOptions,
): Promise<LoadReport> {
  const started = Date.now();
  const kind: BuildKind = opts.sandbox ? 'sandbox' : 'live';
  const files = { person: findJsonl(opts.dir, FILES.person), company: findJsonl(opts.dir, FILES.company) };
  if (!files.person && !files.company) {
    throw new LoadError(`${opts.dir} holds neither people.jsonl nor companies.jsonl (plain or .gz)`);
  }
  const buildId = opts.buildId ?? (await buildIdFromData(files.person ?? files.company!));
  if (!isBuildVersion(buildId)) {
    throw new LoadError(
      `build "${buildId}" is not of the form <major>.<minor>.<patch>_<YYYY-MM-DD>, e.g. 1.0.0_2026-11-21`,
    );
  }
  const existing = await findBuild(db, buildId);
  if (existing && buildKindOf(existing) !== kind) {
    throw new LoadError(
      `build ${buildId} exists as a ${buildKindOf(existing)} build; load it the same way or use another build name`,
    );
  }

  const log = new LoadLog(opts.onProblem, opts.onWarning);
  const maxRejectedPercent = opts.maxRejectedPercent ?? DEFAULT_MAX_REJECTED_PERCENT;
  const finish = (counts: Pick<LoadReport, 'people' | 'companies'>, gate: GateVerdict): LoadReport => {
    const seconds = (Date.now() - started) / 1000;
    return {
      build: buildId,
      kind,
      ...counts,
      problem_count: log.problemCount,
      problems: log.problems,
      top_reasons: log.topReasons(),
      restamped_count: log.restampedCount,
      warnings: log.warnings,
      gate,
      dry_run: opts.dryRun === true,
      seconds,
      people_per_second: Math.round(counts.people.loaded / seconds),
    };
  };
  const judge = (counts: Pick<LoadReport, 'people' | 'companies'>): GateVerdict => {
    const verdict = judgeBuild({ ...counts, maxRejectedPercent });
    if (!verdict.passed)
      throw new QualityGateError(buildId, verdict, { ...counts, maxRejectedPercent }, log.topReasons());
    return verdict;
  };

  if (opts.dryRun) {
    const counts = {
      companies: await checkEntity(COMPANY, files.company, buildId, log),
      people: await checkEntity(PERSON, files.person, buildId, log),
    };
    return finish(counts, judge(counts));
  }

  const loadId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const indices = {
    person: buildIndexName(osConfig, 'person', kind, buildId, loadId),
    company: buildIndexName(osConfig, 'company', kind, buildId, loadId),
  };

  const runner = db.createQueryRunner();
  await runner.connect();
  let loaded: Pick<LoadReport, 'people' | 'companies'>;
  let gate: GateVerdict;
  let previousAliases: Record<Entity, string[]> | null = null;
  try {
    await runner.startTransaction();
    if (!existing) await insertLoadingBuild(runner, buildId, kind);
    await clearBuildRows(runner, buildId);
    const ctx = { runner, os, buildId, opts, log };
    const companies = await loadEntity(ctx, COMPANY, files.company, indices.company);
    const people = await loadEntity(ctx, PERSON, files.person, indices.person);
    // Judged before anything serves: a refused build rolls back below and the previous one stays.
    gate = judge({ people, companies });

    await countBuildValues(runner, buildId);
    await analyzeBuildTables(runner);
    await activateBuild(runner, buildId, kind, { people: people.loaded, companies: companies.loaded });
    previousAliases = await swapAliases(os, osConfig, kind, indices);
    await runner.commitTransaction();
    await removeStaleIndices(os, osConfig, kind, buildId, indices);
    loaded = { people, companies };
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    if (previousAliases) await restoreAliases(os, osConfig, kind, previousAliases).catch(() => undefined);
    await deleteIndices(os, Object.values(indices)).catch(() => undefined);
    if (!existing) {
      await recordFailedBuild(db, buildId, kind, String((error as Error)?.message ?? error)).catch(
        () => undefined,
      );
    }
    throw error;
  } finally {
    await runner.release();
  }
  // The build serves from here on; vacuuming only makes its blocking index-only (see vacuumBuildTables).
  await vacuumBuildTables(db);
  return finish(loaded, gate);
}

/** `--dry-run`: every line read and checked as a load would, nothing written. */
async function checkEntity<R extends LoadedRecord>(
  spec: EntitySpec<R>,
  path: string | null,
  buildId: string,
  log: LoadLog,
): Promise<EntityLoad> {
  const result: EntityLoad = { file: path, loaded: 0, rejected: 0, index: null };
  if (!path) return result;
  const source = openJsonl(path);
  const seen = new Set<string>();
  for await (const { line, text } of source.lines()) {
    if (parseLine(text, line, source, spec, seen, log, buildId) === null) result.rejected += 1;
    else result.loaded += 1;
  }
  return result;
}

interface LoadContext {
  runner: QueryRunner;
  os: Client;
  buildId: string;
  opts: LoadOptions;
  log: LoadLog;
}

async function loadEntity<R extends LoadedRecord>(
  ctx: LoadContext,
  spec: EntitySpec<R>,
  path: string | null,
  index: string,
): Promise<EntityLoad> {
  const entity = spec.entity;
  await createBuildIndex(ctx.os, index, entity);
  const result: EntityLoad = { file: path, loaded: 0, rejected: 0, index };
  if (!path) {
    await finishBuildIndex(ctx.os, index);
    return result;
  }
  const source = openJsonl(path);
  const progress = ctx.opts.progress ?? silentProgress;
  const batchSize = ctx.opts.batchSize ?? 1000;
  const seen = new Set<string>();
  const pipeline = new BatchPipeline(PIPELINE_LIMITS);
  let batch: R[] = [];
  let batchNo = 0;

  const flush = async () => {
    const records = batch;
    batch = [];
    batchNo += 1;
    const n = batchNo;
    const prepared = prepareBatch(spec, records);
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
    for await (const { line, text } of source.lines()) {
      const record = parseLine(text, line, source, spec, seen, ctx.log, ctx.buildId);
      if (record === null) {
        result.rejected += 1;
        continue;
      }
      batch.push(record);
      if (batch.length >= batchSize) await flush();
      progress.update(source.bytesRead(), result.loaded + batch.length);
    }
    if (batch.length > 0) await flush();
    await pipeline.drain();
  } finally {
    progress.stop();
  }
  await finishBuildIndex(ctx.os, index);
  return result;
}

function parseLine<R extends LoadedRecord>(
  text: string,
  line: number,
  source: JsonlSource,
  spec: EntitySpec<R>,
  seen: Set<string>,
  log: LoadLog,
  buildId: string,
): R | null {
  const file = source.path;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    log.reject({ file, line, reason: `not valid JSON: ${(error as Error).message}` }, [
      '(line): not valid JSON',
    ]);
    return null;
  }
  const normalized = spec.normalize(value);
  if (!normalized.ok) {
    log.reject(
      { file, line, reason: formatProblems(normalized.problems) },
      normalized.problems.map(problemKind),
    );
    return null;
  }
  const record = normalized.record;
  if (seen.has(record.svc_id)) {
    log.reject({ file, line, reason: `duplicate svc_id ${record.svc_id} (an earlier line has it)` }, [
      'svc_id: duplicate (an earlier line has it)',
    ]);
    return null;
  }
  seen.add(record.svc_id);
  if (record.build_version !== null && record.build_version !== buildId) {
    log.restamped({
      file,
      line,
      reason: `build_version ${record.build_version} replaced by this build's ${buildId}`,
    });
  }
  record.build_version = buildId;
  return record;
}

interface PreparedBatch {
  rows: RecordRow[];
  keys: KeyRow<string>[];
  docs: SearchDoc[];
}

function prepareBatch<R extends LoadedRecord>(spec: EntitySpec<R>, records: R[]): PreparedBatch {
  const prepared: PreparedBatch = { rows: [], keys: [], docs: [] };
  for (const record of records) {
    const extracted = spec.rows(record);
    prepared.rows.push({ columns: extracted.row, served: servedJson(record, spec.entity) });
    for (const k of extracted.keys) prepared.keys.push(k);
    prepared.docs.push(spec.project(record));
  }
  return prepared;
}

async function indexBatch(os: Client, entity: Entity, index: string, docs: SearchDoc[]): Promise<void> {
  const failures = await bulkIndex(os, index, docs);
  if (failures.length > 0) {
    throw new LoadError(
      `OpenSearch refused ${failures.length} ${entity} documents, first: ${failures[0].id}: ${failures[0].reason}`,
    );
  }
}

async function buildIdFromData(path: string): Promise<string> {
  for await (const { text } of openJsonl(path).lines()) {
    try {
      const v = (JSON.parse(text) as { build_version?: unknown }).build_version;
      if (typeof v === 'string') return v;
    } catch {
      // a bad first line is reported during the load itself
    }
    break;
  }
  throw new LoadError(
    `cannot tell the build from ${path}: pass --build <major>.<minor>.<patch>_<YYYY-MM-DD>`,
  );
}

async function swapAliases(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  indices: Record<Entity, string>,
): Promise<Record<Entity, string[]>> {
  const previous = {
    person: await aliasTargets(os, aliasName(config, 'person', kind)),
    company: await aliasTargets(os, aliasName(config, 'company', kind)),
  };
  await swapAlias(os, aliasName(config, 'person', kind), indices.person);
  await swapAlias(os, aliasName(config, 'company', kind), indices.company);
  return previous;
}

async function restoreAliases(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  previous: Record<Entity, string[]>,
) {
  for (const entity of ['person', 'company'] as const) {
    const target = previous[entity][0];
    if (target) await swapAlias(os, aliasName(config, entity, kind), target);
  }
}

/** Indices of earlier loads of the same build, now unreferenced. */
async function removeStaleIndices(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  buildId: string,
  keep: Record<Entity, string>,
) {
  for (const entity of ['person', 'company'] as const) {
    const all = await listIndices(os, buildIndexPattern(config, entity, kind, buildId));
    await deleteIndices(
      os,
      all.filter((i) => i !== keep[entity]),
    );
  }
}
