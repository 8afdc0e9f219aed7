import { Client } from '@opensearch-project/opensearch';
import { DataSource } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind } from '@app/contracts';
import { activateBuild, insertLoadingBuild } from '@app/store';
import { newBuildIndices, PreviousAliases, removeStaleIndices, swapAliases } from './activation';
import { resolveBuild } from './build-target';
import { COMPANY, PERSON } from './entity-specs';
import { BatchOptions, loadEntity } from './load-entity';
import { LineProblem, LoadLog } from './load-log';
import { LoadCounts, loadReport, LoadReport } from './load-report';
import { analyzeBuildTables, clearBuildRows, countBuildValues, vacuumBuildTables } from './pg-writer';
import { DEFAULT_MAX_REJECTED_PERCENT, GateVerdict, requirePassing } from './quality-gate';
import { checkEntity } from './read-records';
import { rollBackLoad } from './rollback';

export type { LineProblem } from './load-log';
export type { LoadReport } from './load-report';
export type { EntityLoad } from './read-records';

export interface LoadOptions extends BatchOptions {
  dir: string;
  buildId?: string;
  sandbox?: boolean;
  onProblem?: (problem: LineProblem) => void;
  /** A line that loads, with something the operator should know (another build's version). */
  onWarning?: (warning: LineProblem) => void;
  /** The build serves only when at most this share of lines (percent) is rejected; default 1. */
  maxRejectedPercent?: number;
  /** Read and check every line, write nothing. */
  dryRun?: boolean;
}

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
  const { buildId, files, existing } = await resolveBuild(db, opts, kind);

  const log = new LoadLog(opts.onProblem, opts.onWarning);
  const maxRejectedPercent = opts.maxRejectedPercent ?? DEFAULT_MAX_REJECTED_PERCENT;
  const finish = (counts: LoadCounts, gate: GateVerdict): LoadReport =>
    loadReport({ build: buildId, kind, log, dryRun: opts.dryRun === true, started }, counts, gate);
  const judge = (counts: LoadCounts): GateVerdict =>
    requirePassing(buildId, { ...counts, maxRejectedPercent }, () => log.topReasons());

  if (opts.dryRun) {
    const counts = {
      companies: await checkEntity(COMPANY, files.company, buildId, log),
      people: await checkEntity(PERSON, files.person, buildId, log),
    };
    return finish(counts, judge(counts));
  }

  const indices = newBuildIndices(osConfig, kind, buildId);
  const runner = db.createQueryRunner();
  await runner.connect();
  let loaded: LoadCounts;
  let gate: GateVerdict;
  let previousAliases: PreviousAliases | null = null;
  try {
    await runner.startTransaction();
    if (!existing) await insertLoadingBuild(runner, buildId, kind);
    await clearBuildRows(runner, buildId);
    const ctx = { runner, os, osConfig, buildId, opts, log };
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
    await rollBackLoad(
      { db, runner, os, osConfig, kind, buildId, indices, previousAliases, firstLoad: !existing },
      error,
    );
    throw error;
  } finally {
    await runner.release();
  }
  // The build serves from here on; vacuuming only makes its blocking index-only (see vacuumBuildTables).
  await vacuumBuildTables(db);
  return finish(loaded, gate);
}
