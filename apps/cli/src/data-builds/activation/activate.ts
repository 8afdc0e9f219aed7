/**
 * data:activate: a build loaded before serves its kind again (a rollback to the build that
 * served before the last load, or forward again), through the same switch-over as the end of a
 * load. Its records and indices are still there: a load only moves the active row, and keeps
 * every build's rows and the indices they record until data:drop-build.
 */
import { Client } from '@opensearch-project/opensearch';
import { DataSource } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind } from '@app/contracts';
import { BuildRow, buildKindOf, findBuild, listBuildSlices, Queryable, servingBuild } from '@app/store';
import { NotFoundError } from '../../errors';
import { vacuumBuildTables } from '../loader/pg-writer';
import type { GateVerdict } from '../loader/quality-gate';
import { ActivationError } from './activation-error';
import { finishSlicedBuild, SliceGateOptions } from './activate-slices';
import { BuildIndices } from './indices';
import { holdingKindLock } from './kind-lock';
import { Activation, activateInTransaction, AtStep, commitActivation, followActivation } from './switch-over';

export interface ActivateReport {
  build: string;
  kind: BuildKind;
  /** The build that served before; `build` itself when it already served (then only its aliases were checked). */
  previous: string | null;
  people: number;
  companies: number;
  indices: BuildIndices;
  notes: string[];
  /** A build loaded in slices, finished by this activation: how many, and the gate's verdict on their sum. */
  slices?: number;
  gate?: GateVerdict;
}

export interface ActivateOptions extends SliceGateOptions {
  atStep?: AtStep;
  onNote?: (note: string) => void;
}

async function readBuild(db: Queryable, buildId: string): Promise<BuildRow> {
  const row = await findBuild(db, buildId);
  if (!row) throw new NotFoundError(`build ${buildId} does not exist (see data:builds)`);
  return row;
}

/** The indices `row` serves from, when it can serve: loaded, with both indices recorded and present. */
async function servableIndices(os: Client, row: BuildRow): Promise<BuildIndices> {
  if (row.status !== 'ready') {
    throw new ActivationError(
      `build ${row.id} is ${row.status}${row.failure_reason ? ` (${row.failure_reason})` : ''}: only a build that loaded can serve; load it with data:load`,
    );
  }
  if (!row.person_index || !row.company_index) {
    throw new ActivationError(
      `build ${row.id} was activated before its indices were recorded, so which ones it serves from is unknown; load it again with data:load`,
    );
  }
  const indices: BuildIndices = { person: row.person_index, company: row.company_index };
  for (const index of Object.values(indices)) {
    if (!(await os.indices.exists({ index })).body) {
      throw new ActivationError(
        `index ${index} of build ${row.id} no longer exists; load the build again with data:load`,
      );
    }
  }
  return indices;
}

/**
 * Makes `buildId` the active build of its kind. Read and checked while holding the kind's load
 * lock, so a load of the same build that was running cannot have replaced its indices meanwhile.
 */
export async function activateStoredBuild(
  db: DataSource,
  os: Client,
  osConfig: OpenSearchConfig,
  buildId: string,
  opts: ActivateOptions = {},
): Promise<ActivateReport> {
  const kind = buildKindOf(await readBuild(db, buildId));
  const notes: string[] = [];
  const log = {
    note(message: string) {
      notes.push(message);
      opts.onNote?.(message);
    },
  };
  const report = await holdingKindLock(db, kind, async (runner): Promise<ActivateReport> => {
    const stores = { runner, os, osConfig, kind };
    const row = await readBuild(runner, buildId);
    // A build loaded in slices is finished here, judged by the gate (docs/data-builds.md, "Slices").
    const slices = row.status === 'loading' ? await listBuildSlices(runner, buildId) : [];
    if (slices.length > 0) {
      const done = await finishSlicedBuild(stores, row, slices, opts, log);
      const { counts, indices } = done.activation;
      const { previous, gate } = done;
      return { build: buildId, kind, previous, ...counts, indices, notes, slices: done.slices, gate };
    }
    if (opts.maxRejectedPercent !== undefined || opts.maxShrinkPercent !== undefined) {
      throw new ActivationError(
        `--max-rejected and --max-shrink judge a build loaded in slices; build ${buildId} is ${row.status}${row.status === 'ready' ? ', judged when it loaded' : ''}`,
      );
    }
    const activation: Activation = {
      buildId,
      counts: { people: row.person_count, companies: row.company_count },
      indices: await servableIndices(os, row),
    };
    const previous = await servingBuild(runner, kind);
    if (previous?.id === buildId) {
      log.note(`build ${buildId} already serves the ${kind} API; its aliases were checked`);
    } else {
      await runner.startTransaction();
      try {
        await activateInTransaction(stores, activation, opts.atStep, {
          actor: opts.actor,
          action: 'build.activate',
        });
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
      await commitActivation(stores, buildId);
    }
    await followActivation(stores, activation, log, opts.atStep);
    return {
      build: buildId,
      kind,
      previous: previous?.id ?? null,
      people: row.person_count,
      companies: row.company_count,
      indices: activation.indices,
      notes,
    };
  });
  // The build serves; vacuuming only makes its blocking index-only, as after a load.
  if (report.slices !== undefined) await vacuumBuildTables(db);
  return report;
}
