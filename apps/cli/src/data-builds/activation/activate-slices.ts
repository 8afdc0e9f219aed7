/**
 * data:activate of a build loaded in slices (data:load --slice I/N; docs/data-builds.md,
 * "Slices"): what a whole load does after its last batch, done once for all the slices, holding
 * the kind's load lock exclusively (so no slice runs meanwhile): the quality gate over the
 * slices' summed counts, value counts and ANALYZE, the shared indices finished, a check that
 * each index holds exactly the rows Postgres holds, then the same switch-over as a load.
 */
import { removedFromBuild } from '@app/privacy';
import { countDocs, finishBuildIndex, indexLayout } from '@app/search-index';
import { AuditActor, BuildRow, BuildSliceRow, servingBuild } from '@app/store';
import { analyzeBuildTables, clearBuildRows, countBuildValues, countEntityRows } from '../loader/pg-writer';
import {
  DEFAULT_MAX_REJECTED_PERCENT,
  DEFAULT_MAX_SHRINK_PERCENT,
  EntityCounts,
  GateVerdict,
  ReasonTally,
  requirePassing,
} from '../loader/quality-gate';
import { sliceIndices } from '../loader/slices/slice-indices';
import { leaveOutSuppressed } from '../loader/suppressed';
import { ActivationError } from './activation-error';
import { BuildIndices } from './indices';
import {
  Activation,
  activateInTransaction,
  AtStep,
  commitActivation,
  followActivation,
  KindStores,
  Notes,
} from './switch-over';

export interface SliceGateOptions {
  /** As data:load's --max-rejected, over all the slices' lines; default 1. */
  maxRejectedPercent?: number;
  /** As data:load's --max-shrink; default 10. */
  maxShrinkPercent?: number;
  atStep?: AtStep;
  /** Who activates, for the audit log (default: the OS user running this process). */
  actor?: AuditActor;
}

export interface FinishedSlices {
  activation: Activation;
  previous: string | null;
  slices: number;
  gate: GateVerdict;
}

/** Every slice 1..N is in, all cut alike from files of the same sizes; else what is missing. */
export function requireAllSlices(buildId: string, slices: BuildSliceRow[]): number {
  const count = slices[0].slice_count;
  const counts = [...new Set(slices.map((s) => s.slice_count))];
  if (counts.length > 1) {
    throw new ActivationError(
      `build ${buildId} has slices cut in ${counts.join(' and ')}: drop it (data:drop-build ${buildId}) and load its slices again, all with one N`,
    );
  }
  const have = new Set(slices.map((s) => s.slice));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !have.has(i));
  if (missing.length > 0) {
    const names = missing.map((i) => `${i}/${count}`);
    throw new ActivationError(
      `build ${buildId} is not loaded whole: ${have.size} of its ${count} slices are in; missing: ${names.join(', ')}. ` +
        `Run data:load DIR --build ${buildId} --slice ${names[0]}${names.length > 1 ? ' (and the others)' : ''}, then data:activate ${buildId} again`,
    );
  }
  for (const column of ['person_bytes', 'company_bytes'] as const) {
    const sizes = [...new Set(slices.map((s) => String(s[column])))];
    if (sizes.length > 1) {
      throw new ActivationError(
        `the slices of build ${buildId} read ${column === 'person_bytes' ? 'people' : 'companies'} files of different sizes (${sizes.join(', ')} bytes): ` +
          `every slice must read the same files. Drop the build (data:drop-build ${buildId}) and load its slices again from one copy`,
      );
    }
  }
  return count;
}

/** The slices' counts summed per entity, and their problems' kinds merged. */
function summed(slices: BuildSliceRow[]) {
  const people: EntityCounts = { loaded: 0, rejected: 0, kept: 0 };
  const companies: EntityCounts = { loaded: 0, rejected: 0, kept: 0 };
  const tally = new ReasonTally();
  for (const s of slices) {
    people.loaded += s.person_loaded;
    people.rejected += s.person_rejected;
    companies.loaded += s.company_loaded;
    companies.rejected += s.company_rejected;
    for (const r of s.reasons) tally.add(r.reason, r.count);
  }
  return { people, companies, tally };
}

/**
 * Finishes build `row`, loading with every slice in, and makes it serve. A refusal before the
 * commit leaves the slices as they were (the build stays `loading`, the serving build serves):
 * data:activate can be run again, with other gate flags for a build the gate refused.
 */
export async function finishSlicedBuild(
  stores: KindStores,
  row: BuildRow,
  slices: BuildSliceRow[],
  opts: SliceGateOptions,
  log: Notes,
): Promise<FinishedSlices> {
  const { runner, os, osConfig, kind } = stores;
  const buildId = row.id;
  const count = requireAllSlices(buildId, slices);
  const indices: BuildIndices = sliceIndices(osConfig, kind, buildId, count);
  for (const index of Object.values(indices)) {
    if (!(await os.indices.exists({ index })).body) {
      throw new ActivationError(
        `index ${index}, which the slices of build ${buildId} wrote, no longer exists; drop the build (data:drop-build ${buildId}) and load its slices again`,
      );
    }
  }
  const { people, companies, tally } = summed(slices);
  const served = await servingBuild(runner, kind);
  const gate = requirePassing(
    buildId,
    {
      people,
      companies,
      served: served && { people: served.person_count, companies: served.company_count },
      maxRejectedPercent: opts.maxRejectedPercent ?? DEFAULT_MAX_REJECTED_PERCENT,
      maxShrinkPercent: opts.maxShrinkPercent ?? DEFAULT_MAX_SHRINK_PERCENT,
    },
    () => tally.top(),
    {
      outcome: `The build serving before keeps serving; the ${count} slices of ${buildId} stay loaded: run data:activate ${buildId} again with other --max-rejected or --max-shrink, or remove them with data:drop-build ${buildId}.`,
      smaller: `If the smaller build is meant, activate it with --max-shrink 100.`,
    },
  );

  // Replicas are placed where the cluster is now; the shards were laid out by the first slice.
  const { replicas } = await indexLayout(os, osConfig, 0);
  for (const index of Object.values(indices)) await finishBuildIndex(os, index, replicas);
  // A suppression made after a slice loaded took its people out of this build already.
  const suppressed = await removedFromBuild(runner, buildId);
  for (const entity of ['person', 'company'] as const) {
    const rows = await countEntityRows(runner, entity, buildId);
    const docs = await countDocs(os, indices[entity]);
    const loaded = entity === 'person' ? people.loaded - suppressed : companies.loaded;
    if (rows !== loaded || docs !== rows) {
      throw new ActivationError(
        `build ${buildId} holds ${rows} ${entity} records in Postgres and ${docs} documents in ${indices[entity]}, and its slices loaded ${loaded}: ` +
          `a slice was run again over other files, or documents were lost. Drop the build (data:drop-build ${buildId}) and load its slices again`,
      );
    }
  }

  const activation: Activation = {
    buildId,
    counts: { people: people.loaded - suppressed, companies: companies.loaded },
    indices,
  };
  await runner.startTransaction();
  try {
    activation.counts.people -= await leaveOutSuppressed(stores, buildId, indices.person, log);
    // The value counts are the build's own, counted once over all its slices' people.
    await clearBuildRows(runner, buildId, []);
    await countBuildValues(runner, buildId);
    await analyzeBuildTables(runner);
    await activateInTransaction(stores, activation, opts.atStep, {
      actor: opts.actor,
      action: 'build.activate',
    });
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  }
  await commitActivation(stores, buildId);
  // Postgres serves the new build from here on; nothing below undoes that.
  await followActivation(stores, activation, log, opts.atStep);
  return { activation, previous: served?.id ?? null, slices: count, gate };
}
