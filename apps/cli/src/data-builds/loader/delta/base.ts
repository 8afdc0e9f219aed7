import type { Client } from '@opensearch-project/opensearch';
import type { DataSource, QueryRunner } from 'typeorm';
import { BuildKind, Entity, isBuildVersion } from '@app/contracts';
import { indexMappingHash, mappingHash } from '@app/search-index';
import { buildKindOf, findBuild, keyedRecordHashes } from '@app/store';
import { LoadError } from '../load-error';

/** The build an incremental load compares its snapshot with, and the indices it serves each entity from. */
export interface DeltaBase {
  build: string;
  indices: Record<Entity, string | null>;
}

/** `--from`: a stored, loaded build of the load's kind, other than the build being loaded. */
export async function resolveBase(
  db: DataSource,
  from: string,
  load: { buildId: string; kind: BuildKind },
): Promise<DeltaBase> {
  if (!isBuildVersion(from)) {
    throw new LoadError(
      `--from "${from}" is not of the form <major>.<minor>.<patch>_<YYYY-MM-DD>, e.g. 1.0.0_2026-11-21`,
    );
  }
  if (from === load.buildId) {
    throw new LoadError(
      `--from ${from} names the build being loaded; name the build to compare with (see data:builds), or re-load it without --from`,
    );
  }
  const row = await findBuild(db, from);
  if (!row) throw new LoadError(`--from ${from}: no such build (see data:builds)`);
  if (buildKindOf(row) !== load.kind) {
    throw new LoadError(
      `--from ${from} is a ${buildKindOf(row)} build; an incremental ${load.kind} load compares with a ${load.kind} build`,
    );
  }
  if (row.status !== 'ready') {
    throw new LoadError(`--from ${from} is ${row.status}: only a build that loaded can be compared with`);
  }
  return { build: row.id, indices: { person: row.person_index, company: row.company_index } };
}

/**
 * The base's index of `entity`, when this code could have written it: a clone keeps its source's
 * mapping, so an index laid out by another version of the service cannot take the delta.
 */
export async function baseIndex(os: Client, base: DeltaBase, entity: Entity): Promise<string> {
  const index = base.indices[entity];
  if (!index) {
    throw new LoadError(
      `build ${base.build} records no ${entity} index (it was loaded before builds recorded them); load this snapshot in full, without --from`,
    );
  }
  const hash = await indexMappingHash(os, index);
  if (hash !== mappingHash(entity)) {
    throw new LoadError(
      `the ${entity} index of build ${base.build} (${index}) was laid out by another version of this service's mapping; load this snapshot in full once, without --from`,
    );
  }
  return index;
}

/** The base's records of one entity, as an incremental load compares them. */
export interface BaseHashes {
  /** svc_id → content hash, the load's own build stamp cut out too. */
  content: Map<string, string>;
  /** Source line hash → svc_id, for the records whose line hash the loader wrote. */
  sources: Map<string, string>;
}

export async function baseHashes(
  q: DataSource | QueryRunner,
  entity: Entity,
  base: string,
  buildId: string,
): Promise<BaseHashes> {
  const hashes: BaseHashes = { content: new Map(), sources: new Map() };
  for await (const { svc_id, hash, source } of keyedRecordHashes(q, entity, base, [base, buildId], 10_000)) {
    hashes.content.set(svc_id, hash);
    if (source) hashes.sources.set(source, svc_id);
  }
  return hashes;
}
