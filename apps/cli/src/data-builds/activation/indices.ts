/**
 * The indices a build serves from, and the removal of those nothing refers to any more. The
 * switch itself is the active build row in Postgres; the aliases follow it
 * (reconcileBuildAliases, docs/data-builds.md "Activation").
 */
import { Client } from '@opensearch-project/opensearch';
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
import { buildKindOf, listBuildRows, Queryable } from '@app/store';
import { SLICED_LOAD_ID } from '../loader/slices/slice';

export type BuildIndices = Record<Entity, string>;

const ENTITIES: readonly Entity[] = ['person', 'company'];

/**
 * Indices of this kind that no build row records and no alias serves: earlier loads of a
 * re-loaded build, and whatever a load that was killed left behind. Called only while holding
 * the kind's load lock, so no other load's fresh indices are among them. Indices of a ready
 * build activated before indices were recorded are kept by their name, and so are those of a
 * build still loading in slices (data:load --slice), which slices yet to run write into.
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
  const sliced = rows.filter((r) => r.status === 'loading').map((r) => r.id);
  const removed: string[] = [];
  for (const entity of ENTITIES) {
    for (const index of await aliasTargets(os, aliasName(config, entity, kind))) keep.add(index);
    const keptPrefixes = [
      ...legacy.map((id) => buildIndexPattern(config, entity, kind, id).slice(0, -1)),
      ...sliced.map((id) => buildIndexName(config, entity, kind, id, SLICED_LOAD_ID)),
    ];
    const all = await listIndices(os, kindIndexPattern(config, entity, kind));
    removed.push(...all.filter((i) => !keep.has(i) && !keptPrefixes.some((p) => i.startsWith(p))));
  }
  await deleteIndices(os, removed);
  return removed.sort();
}
