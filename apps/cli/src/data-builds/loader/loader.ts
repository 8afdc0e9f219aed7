import { Client } from '@opensearch-project/opensearch';
import { DataSource } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind, Entity } from '@app/contracts';
import { ActiveBuildRow, activeBuild, AuditActor, insertLoadingBuild, servingBuild } from '@app/store';
import {
  Activation,
  activateInTransaction,
  AtStep,
  commitActivation,
  followActivation,
  KindStores,
  settleBeforeLoad,
} from '../activation/switch-over';
import { holdingKindLock } from '../activation/kind-lock';
import { BuildTarget, FILE_NAMES, resolveBuild } from './build-target';
import { checkEntityDelta } from './delta/check-delta';
import { DeltaBase, resolveBase } from './delta/base';
import { loadEntityDelta } from './delta/load-delta';
import { COMPANY, EntitySpec, LoadedRecord, PERSON } from './entity-specs';
import { keepEntity, noteKept, ServedEntity } from './keep-entity';
import { BatchOptions, loadEntity } from './load-entity';
import { LoadError } from './load-error';
import { newBuildIndices, servedEntities } from './load-indices';
import { LineProblem, LoadLog } from './load-log';
import { LoadCounts, loadReport, LoadReport } from './load-report';
import { analyzeBuildTables, clearBuildRows, countBuildValues, vacuumBuildTables } from './pg-writer';
import {
  DEFAULT_MAX_REJECTED_PERCENT,
  DEFAULT_MAX_SHRINK_PERCENT,
  GateVerdict,
  requirePassing,
} from './quality-gate';
import { checkEntity } from './read-records';
import { rollBackLoad } from './rollback';
import { leaveOutSuppressed } from './suppressed';

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
  /** Something about the load as a whole the operator should know (an entity kept, aliases put right). */
  onNote?: (note: string) => void;
  /** The build serves only when at most this share of lines (percent) is rejected; default 1. */
  maxRejectedPercent?: number;
  /** The build serves only when neither entity serves more than this percent less than now; default 10. */
  maxShrinkPercent?: number;
  /** Read and check every line, write nothing. */
  dryRun?: boolean;
  /**
   * An incremental load: compare the snapshot with this stored build and write only what was
   * added, changed or removed (docs/data-builds.md, "Incremental builds").
   */
  from?: string;
  /** Called before each step of the switch-over (tests pause or fail there). */
  atStep?: AtStep;
  /** Who loads, for the audit log (default: the OS user running this process). */
  actor?: AuditActor;
}

/**
 * Loads DIR as one build into Postgres and OpenSearch. Postgres rows go in one transaction and
 * OpenSearch into fresh indices; only when both are complete and the gate passed is the build
 * row made active, with its indices, and committed: from then on it is what serves, and the
 * aliases are pointed at its indices in one request. A failure before the commit leaves the
 * previous build serving in both stores; a loader killed after it leaves the aliases to be put
 * right by the next load or any search worker (docs/data-builds.md, "Activation"). Bad lines are
 * reported and skipped; the rest load.
 */
export async function loadBuild(
  db: DataSource,
  os: Client,
  osConfig: OpenSearchConfig,
  opts: LoadOptions,
): Promise<LoadReport> {
  const started = Date.now();
  const kind: BuildKind = opts.sandbox ? 'sandbox' : 'live';
  const target = await resolveBuild(db, opts, kind);
  const base =
    opts.from === undefined ? null : await resolveBase(db, opts.from, { buildId: target.buildId, kind });
  const log = new LoadLog(opts.onProblem, opts.onWarning, opts.onNote);
  const finish = (counts: LoadCounts, gate: GateVerdict): LoadReport =>
    loadReport({ build: target.buildId, kind, log, dryRun: opts.dryRun === true, started }, counts, gate);

  if (opts.dryRun) {
    const served = await activeBuild(db, kind);
    const check = <R extends LoadedRecord>(spec: EntitySpec<R>, file: string | null) =>
      base
        ? checkEntityDelta(db, spec, file, target.buildId, log, base)
        : checkEntity(spec, file, target.buildId, log);
    const counts = {
      companies: await check(COMPANY, target.files.company),
      people: await check(PERSON, target.files.person),
    };
    // What a real load would keep of an entity it has no file for.
    for (const [entity, count] of [
      ['company', counts.companies],
      ['person', counts.people],
    ] as const) {
      if (target.files[entity] || !served) continue;
      count.kept = entity === 'person' ? served.person_count : served.company_count;
      count.kept_from = served.id;
      noteKept(log, opts.dir, entity, kind, served.id, count.kept);
    }
    return finish(counts, judge(target.buildId, counts, served, opts, log));
  }

  const result = await holdingKindLock(db, kind, async (runner) => {
    const stores = { runner, os, osConfig, kind };
    await settleBeforeLoad(stores, log);
    return loadLocked(db, stores, target, base, opts, log);
  });
  // The build serves from here on; vacuuming only makes its blocking index-only (see vacuumBuildTables).
  await vacuumBuildTables(db);
  return finish(result.counts, result.gate);
}

function judge(
  buildId: string,
  counts: LoadCounts,
  served: ActiveBuildRow | null,
  opts: LoadOptions,
  log: LoadLog,
): GateVerdict {
  return requirePassing(
    buildId,
    {
      people: counts.people,
      companies: counts.companies,
      served: served && { people: served.person_count, companies: served.company_count },
      maxRejectedPercent: opts.maxRejectedPercent ?? DEFAULT_MAX_REJECTED_PERCENT,
      maxShrinkPercent: opts.maxShrinkPercent ?? DEFAULT_MAX_SHRINK_PERCENT,
    },
    () => log.topReasons(),
  );
}

/** The load proper, holding the kind's load lock. */
async function loadLocked(
  db: DataSource,
  stores: KindStores,
  { buildId, files, existing }: BuildTarget,
  base: DeltaBase | null,
  opts: LoadOptions,
  log: LoadLog,
): Promise<{ counts: LoadCounts; gate: GateVerdict }> {
  const { runner, os, osConfig, kind } = stores;
  const served = await servingBuild(runner, kind);
  const from = await servedEntities(os, osConfig, kind, served);
  const kept = (entity: Entity): ServedEntity | null => (files[entity] ? null : from[entity]);
  for (const entity of ['person', 'company'] as const) {
    if (!files[entity] && served && !from[entity]) {
      throw new LoadError(
        `${opts.dir} has no ${FILE_NAMES[entity]}.jsonl, and no index serves the ${FILE_NAMES[entity]} of build ${served.id} to keep; load the file too`,
      );
    }
  }
  const indices = newBuildIndices(osConfig, kind, buildId);
  let counts: LoadCounts;
  let gate: GateVerdict;
  let activation: Activation;
  try {
    await runner.startTransaction();
    if (!existing) await insertLoadingBuild(runner, buildId, kind);
    // A re-load of the serving build without a file for an entity keeps that entity's own rows.
    const ownKept = (e: Entity) => kept(e)?.build === buildId;
    await clearBuildRows(
      runner,
      buildId,
      (['person', 'company'] as const).filter((e) => !ownKept(e)),
    );
    const ctx = { runner, os, osConfig, buildId, opts, log };
    const entityLoad = async (entity: Entity) => {
      const file = files[entity];
      if (file && base) {
        return entity === 'person'
          ? loadEntityDelta(ctx, PERSON, file, indices.person, base)
          : loadEntityDelta(ctx, COMPANY, file, indices.company, base);
      }
      if (file) {
        return entity === 'person'
          ? loadEntity(ctx, PERSON, file, indices.person)
          : loadEntity(ctx, COMPANY, file, indices.company);
      }
      const load = await keepEntity(ctx, entity, kept(entity), indices[entity]);
      noteKept(log, opts.dir, entity, kind, load.kept_from, load.kept);
      return load;
    };
    const companies = await entityLoad('company');
    const people = await entityLoad('person');
    people.suppressed = await leaveOutSuppressed(stores, buildId, indices.person, log);
    counts = { people, companies };
    // Judged before anything serves: a refused build rolls back below and the previous one stays.
    gate = judge(buildId, counts, served, opts, log);

    await countBuildValues(runner, buildId);
    await analyzeBuildTables(runner);
    const serving = {
      people: people.loaded + people.kept - people.suppressed,
      companies: companies.loaded + companies.kept,
    };
    activation = { buildId, counts: serving, indices };
    await activateInTransaction(stores, activation, opts.atStep, { actor: opts.actor, action: 'build.load' });
  } catch (error) {
    await rollBackLoad({ db, runner, os, kind, buildId, indices, firstLoad: !existing }, error);
    throw error;
  }
  await commitActivation(stores, buildId);
  // Postgres serves the new build from here on; nothing below undoes that.
  await followActivation(stores, activation, log, opts.atStep);
  return { counts, gate };
}
