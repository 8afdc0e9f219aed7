import { statSync } from 'node:fs';
import { Client } from '@opensearch-project/opensearch';
import { DataSource, QueryRunner } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind, Entity } from '@app/contracts';
import { createBuildIndex, IndexLayout, indexLayout, indexMappingHash, mappingHash } from '@app/search-index';
import {
  appendAudit,
  AuditActor,
  beginSlice,
  buildKindOf,
  cliActor,
  ensureLoadingBuild,
  findBuild,
  finishSlice,
  listBuildSlices,
} from '@app/store';
import type { BuildIndices } from '../../activation/indices';
import { holdingKindLock } from '../../activation/kind-lock';
import { FILE_NAMES, resolveBuild } from '../build-target';
import { COMPANY, EntitySpec, LoadedRecord, PERSON } from '../entity-specs';
import { jsonlBytes, LoadContext, writeEntity } from '../load-entity';
import { LoadError } from '../load-error';
import { LoadLog } from '../load-log';
import type { LoadOptions } from '../loader';
import { LoadReport, logSummary } from '../load-report';
import { EntityLoad } from '../read-records';
import { MAX_SLICES, Slice, sliceName } from './slice';
import { sliceIndices } from './slice-indices';
import { openJsonlSlice } from './slice-source';

/** How long a slice waits for another process running the same slice to finish or fail. */
const SAME_SLICE_WAIT_MS = 10_000;

export interface SliceLoadOptions extends LoadOptions {
  slice: Slice;
}

/** What one slice process reports: what it read and wrote, and what the build still needs. */
export interface SliceReport extends Omit<LoadReport, 'gate' | 'dry_run'> {
  slice: string;
  /** The build's shared indices (one per entity, for all its slices). */
  indices: BuildIndices;
  /** The slices of the build committed so far, this one included. */
  slices_loaded: number[];
  /** A slice never serves: data:activate finishes the build once every slice is in. */
  activated: false;
  next: string;
}

/**
 * One slice of a build (data:load DIR --build B --slice I/N; docs/data-builds.md, "Slices"):
 * only this slice's lines of each file, into the build's shared indices and, in one
 * transaction of its own with its `build_slices` row, into Postgres under build B. It holds the
 * kind's load lock in its shared form, so slices run side by side while a full load or an
 * activation waits for them (and they for it). The build stays `loading`; nothing serves it
 * until data:activate B.
 */
export async function loadSlice(
  db: DataSource,
  os: Client,
  osConfig: OpenSearchConfig,
  opts: SliceLoadOptions,
): Promise<SliceReport> {
  const started = Date.now();
  const { slice } = opts;
  if (!(slice.index >= 1 && slice.index <= slice.count && slice.count <= MAX_SLICES)) {
    throw new LoadError(`slice ${sliceName(slice)} is not one of 1/N to N/N with N at most ${MAX_SLICES}`);
  }
  if (opts.from !== undefined || opts.dryRun) {
    throw new LoadError('--slice loads a whole build in parts: it takes neither --from nor --dry-run');
  }
  if (!opts.buildId) throw new LoadError('--slice needs --build: every slice must name the same build');
  const kind: BuildKind = opts.sandbox ? 'sandbox' : 'live';
  const target = await resolveBuild(db, { ...opts, sliced: true }, kind);
  const files = { person: target.files.person, company: target.files.company };
  for (const entity of ['person', 'company'] as const) {
    if (!files[entity]) {
      throw new LoadError(
        `${opts.dir} has no ${FILE_NAMES[entity]}.jsonl: a load in slices needs both files (a whole load without one keeps that entity of the serving build; slices do not)`,
      );
    }
  }
  const paths = files as Record<Entity, string>;
  const log = new LoadLog(opts.onProblem, opts.onWarning, opts.onNote);
  const buildId = target.buildId;
  const indices = sliceIndices(osConfig, kind, buildId, slice.count);

  const { counts, loadedSlices } = await holdingKindLock(
    db,
    kind,
    async (runner) => {
      await requireSliceable(runner, buildId, kind, slice);
      // Committed at once, outside the slice's transaction: every slice's rows refer to it.
      await ensureLoadingBuild(runner, buildId, kind);
      const row = await findBuild(runner, buildId);
      if (row && buildKindOf(row) !== kind) {
        throw new LoadError(
          `build ${buildId} exists as a ${buildKindOf(row)} build; load its slices the same way`,
        );
      }
      for (const entity of ['person', 'company'] as const) {
        await ensureSliceIndex(
          os,
          indices[entity],
          entity,
          await indexLayout(os, osConfig, jsonlBytes(paths[entity])),
        );
      }
      const ctx: LoadContext = { runner, os, osConfig, buildId, opts, log };
      const loaded = await writeSlice(ctx, slice, paths, indices, { actor: opts.actor ?? cliActor(), kind });
      return { counts: loaded, loadedSlices: (await listBuildSlices(runner, buildId)).map((s) => s.slice) };
    },
    { shared: true },
  );

  const seconds = (Date.now() - started) / 1000;
  const missing = Array.from({ length: slice.count }, (_, i) => i + 1).filter(
    (i) => !loadedSlices.includes(i),
  );
  return {
    build: buildId,
    kind,
    slice: sliceName(slice),
    ...counts,
    ...logSummary(log),
    seconds,
    people_per_second: Math.round(counts.people.loaded / seconds),
    indices,
    slices_loaded: loadedSlices,
    activated: false,
    next:
      missing.length === 0
        ? `every slice of build ${buildId} is loaded: data:activate ${buildId} judges it and makes it serve`
        : `build ${buildId} still needs slices ${missing.map((i) => `${i}/${slice.count}`).join(', ')}; then data:activate ${buildId}`,
  };
}

/** A slice may load: its build is new or loading in as many slices, and this slice is not in yet. */
async function requireSliceable(
  runner: QueryRunner,
  buildId: string,
  kind: BuildKind,
  slice: Slice,
): Promise<void> {
  const row = await findBuild(runner, buildId);
  if (row && row.status !== 'loading') {
    throw new LoadError(
      `build ${buildId} is ${row.status}: slices load a build that is not stored yet; name another build, or drop this one first (data:drop-build ${buildId})`,
    );
  }
  if (row && buildKindOf(row) !== kind) {
    throw new LoadError(
      `build ${buildId} exists as a ${buildKindOf(row)} build; load its slices the same way`,
    );
  }
  const done = await listBuildSlices(runner, buildId);
  const other = done.find((s) => s.slice_count !== slice.count);
  if (other) {
    throw new LoadError(
      `build ${buildId} is being loaded in ${other.slice_count} slices (slice ${other.slice}/${other.slice_count} is in): run its slices as I/${other.slice_count}, or drop the build (data:drop-build ${buildId}) to cut it otherwise`,
    );
  }
  const same = done.find((s) => s.slice === slice.index);
  if (same) throw sliceLoaded(buildId, slice, same.finished_at);
}

const sliceLoaded = (buildId: string, slice: Slice, at?: Date) =>
  new LoadError(
    `slice ${sliceName(slice)} of build ${buildId} is loaded already${at ? ` (finished ${at.toISOString()})` : ''}; ` +
      `to load it again, drop the build (data:drop-build ${buildId}) and load every slice again`,
  );

/**
 * The build's shared index of an entity, created by whichever slice comes first (with the
 * layout of the whole file, which every slice computes alike); another slice's "already
 * exists" is fine. An index another version's mapping laid out is refused.
 */
async function ensureSliceIndex(
  os: Client,
  index: string,
  entity: Entity,
  layout: IndexLayout,
): Promise<void> {
  try {
    await createBuildIndex(os, index, entity, layout);
    return;
  } catch (error) {
    const type = (error as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type;
    if (type !== 'resource_already_exists_exception') throw error;
  }
  if ((await indexMappingHash(os, index)) !== mappingHash(entity)) {
    throw new LoadError(
      `index ${index}, which the other slices of this build write into, was created by another version of this service's mapping; run every slice with the same version`,
    );
  }
}

/** The slice's one transaction: its row, its lines of both files, its counts; committed only when all is in. */
async function writeSlice(
  ctx: LoadContext,
  slice: Slice,
  paths: Record<Entity, string>,
  indices: BuildIndices,
  audit: { actor: AuditActor; kind: BuildKind },
): Promise<{ people: EntityLoad; companies: EntityLoad }> {
  const { runner, os, buildId, log } = ctx;
  const bytes = { person: statSync(paths.person).size, company: statSync(paths.company).size };
  await runner.startTransaction();
  try {
    const conflict = await beginSlice(runner, buildId, { ...slice, bytes }, SAME_SLICE_WAIT_MS);
    if (conflict === 'loaded') throw sliceLoaded(buildId, slice);
    if (conflict === 'running') {
      throw new LoadError(
        `slice ${sliceName(slice)} of build ${buildId} is being loaded by another process; let it finish, or stop it and run this again`,
      );
    }
    const write = <R extends LoadedRecord>(spec: EntitySpec<R>) =>
      writeEntity(ctx, spec, openJsonlSlice(paths[spec.entity], slice), indices[spec.entity]).catch(
        (error: unknown) => {
          throw duplicateAcrossSlices(error, buildId, slice, paths[spec.entity]) ?? error;
        },
      );
    const companies = await write(COMPANY);
    const people = await write(PERSON);
    // The documents are on disk before the rows that vouch for them commit.
    await os.indices.flush({ index: Object.values(indices).join(',') });
    await finishSlice(runner, buildId, slice.index, {
      person_loaded: people.loaded,
      person_rejected: people.rejected,
      company_loaded: companies.loaded,
      company_rejected: companies.rejected,
      restamped: log.restampedCount,
      reasons: log.topReasons(Infinity),
    });
    // Audited with the slice's rows: a slice that fails records nothing. It serves nothing yet.
    await appendAudit(runner.manager, {
      actor: audit.actor,
      action: 'build.load',
      target: `build:${buildId}`,
      after: {
        kind: audit.kind,
        slice: sliceName(slice),
        people: people.loaded,
        companies: companies.loaded,
        active: false,
      },
    });
    await runner.commitTransaction();
    return { people, companies };
  } catch (error) {
    // Nothing of the slice stays in Postgres; its documents stay in the shared index, and are
    // written again, by svc_id, when the slice runs again.
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  }
}

/**
 * A record whose svc_id another slice holds: a whole load rejects the later of two such lines,
 * but a slice never sees the others' lines, so the records' primary key refuses the second
 * (at once when the other slice has committed, else when it does; two slices each waiting for
 * the other's are a deadlock Postgres breaks by failing one). Null for any other error.
 */
function duplicateAcrossSlices(
  error: unknown,
  buildId: string,
  slice: Slice,
  file: string,
): LoadError | null {
  const e = error as { code?: string; constraint?: string; detail?: string };
  const duplicate = e.code === '23505' && /^pk_(person|company)_records$/.test(e.constraint ?? '');
  if (!duplicate && e.code !== '40P01') return null;
  const id = /\(build_id, svc_id\)=\([^,]+, ([0-9a-f-]+)\)/.exec(e.detail ?? '')?.[1];
  const which = id ? `svc_id ${id}` : 'an svc_id';
  return new LoadError(
    `${file}: ${which} of slice ${sliceName(slice)} is also in another slice of build ${buildId} ` +
      `(a whole load rejects the later of two lines with one svc_id; slices cannot see each other's lines), so this slice failed and wrote nothing to Postgres. ` +
      `Remove one of the two lines: if it is in this slice's part, run this slice again; otherwise drop the build (data:drop-build ${buildId}) and load every slice again`,
  );
}
