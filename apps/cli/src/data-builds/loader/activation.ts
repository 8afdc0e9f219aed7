/**
 * The OpenSearch side of a load: fresh indices nobody reads, the alias swap that makes them
 * serve, and, once committed, the removal of what the swap left unreferenced.
 */
import { Client } from '@opensearch-project/opensearch';
import { randomBytes } from 'node:crypto';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind, Entity } from '@app/contracts';
import {
  aliasName,
  aliasTargets,
  buildIndexName,
  buildIndexPattern,
  deleteIndices,
  listIndices,
  swapAlias,
} from '@app/search-index';

export type BuildIndices = Record<Entity, string>;
/** What each alias pointed at before the swap. */
export type PreviousAliases = Record<Entity, string[]>;

/** Index names of this load alone, so a re-load of a build never writes into the serving index. */
export function newBuildIndices(config: OpenSearchConfig, kind: BuildKind, buildId: string): BuildIndices {
  const loadId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return {
    person: buildIndexName(config, 'person', kind, buildId, loadId),
    company: buildIndexName(config, 'company', kind, buildId, loadId),
  };
}

export async function swapAliases(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  indices: BuildIndices,
): Promise<PreviousAliases> {
  const previous = {
    person: await aliasTargets(os, aliasName(config, 'person', kind)),
    company: await aliasTargets(os, aliasName(config, 'company', kind)),
  };
  await swapAlias(os, aliasName(config, 'person', kind), indices.person);
  await swapAlias(os, aliasName(config, 'company', kind), indices.company);
  return previous;
}

export async function restoreAliases(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  previous: PreviousAliases,
) {
  for (const entity of ['person', 'company'] as const) {
    const target = previous[entity][0];
    if (target) await swapAlias(os, aliasName(config, entity, kind), target);
  }
}

/** Indices of earlier loads of the same build, now unreferenced. */
export async function removeStaleIndices(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  buildId: string,
  keep: BuildIndices,
) {
  for (const entity of ['person', 'company'] as const) {
    const all = await listIndices(os, buildIndexPattern(config, entity, kind, buildId));
    await deleteIndices(
      os,
      all.filter((i) => i !== keep[entity]),
    );
  }
}
