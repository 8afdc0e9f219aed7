/**
 * The OpenSearch side of a load: fresh indices nobody reads, what the serving build is served
 * from, and the removal of indices nothing refers to any more. The switch itself is the active
 * build row in Postgres; the aliases follow it (reconcileBuildAliases, docs/data-builds.md).
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
  kindIndexPattern,
  listIndices,
} from '@app/search-index';
import { buildKindOf, listBuildRows, Queryable, ServingBuildRow } from '@app/store';
import type { ServedEntity } from './keep-entity';

export type BuildIndices = Record<Entity, string>;

const ENTITIES: readonly Entity[] = ['person', 'company'];

/** Index names of this load alone, so a re-load of a build never writes into the serving index. */
export function newBuildIndices(config: OpenSearchConfig, kind: BuildKind, buildId: string): BuildIndices {
  const loadId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return {
    person: buildIndexName(config, 'person', kind, buildId, loadId),
    company: buildIndexName(config, 'company', kind, buildId, loadId),
  };
}

/**
 * Where each entity of the serving build is served from: the index its row records, or, for a
 * build activated before indices were recorded, the one its alias points at.
 */
export async function servedEntities(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  served: ServingBuildRow | null,
): Promise<Record<Entity, ServedEntity | null>> {
  const out: Record<Entity, ServedEntity | null> = { person: null, company: null };
  if (!served) return out;
  for (const entity of ENTITIES) {
    const recorded = entity === 'person' ? served.person_index : served.company_index;
    const [aliased] = recorded ? [] : await aliasTargets(os, aliasName(config, entity, kind));
    const index = recorded ?? aliased;
    if (index) out[entity] = { build: served.id, index };
  }
  return out;
}

/**
 * Indices of this kind that no build row records and no alias serves: earlier loads of a
 * re-loaded build, and whatever a load that was killed left behind. Called only while holding
 * the kind's load lock, so no other load's fresh indices are among them. Indices of a ready
 * build activated before indices were recorded are kept by their name.
 */
export async function removeUnreferencedIndices(
  db: Queryable,
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
): Promise<string[]> {
  const rows = (await listBuildRows(db)).filter((r) => buildKindOf(r) === kind);
  const keep = new Set<string>();
  const legacy: string[] = [];
  for (const row of rows) {
    for (const index of [row.person_index, row.company_index]) if (index) keep.add(index);
    if (row.status === 'ready' && !(row.person_index && row.company_index)) legacy.push(row.id);
  }
  const removed: string[] = [];
  for (const entity of ENTITIES) {
    for (const index of await aliasTargets(os, aliasName(config, entity, kind))) keep.add(index);
    const legacyPrefixes = legacy.map((id) => buildIndexPattern(config, entity, kind, id).slice(0, -1));
    const all = await listIndices(os, kindIndexPattern(config, entity, kind));
    removed.push(...all.filter((i) => !keep.has(i) && !legacyPrefixes.some((p) => i.startsWith(p))));
  }
  await deleteIndices(os, removed);
  return removed.sort();
}
