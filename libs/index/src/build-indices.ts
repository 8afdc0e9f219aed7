import { Client } from '@opensearch-project/opensearch';
import type { OpenSearchConfig } from '@app/config';
import { loadingSettings, MAPPINGS, SearchEntity, SERVING_SETTINGS } from './mappings';

/** A build serves either the live API or the sandbox; each has its own alias per entity. */
export type BuildKind = 'live' | 'sandbox';

const BASE: Record<SearchEntity, string> = { person: 'people', company: 'companies' };

/** The alias searches read: `<prefix>people`, `<prefix>companies_sandbox`, … */
export function aliasName(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  entity: SearchEntity,
  kind: BuildKind,
): string {
  return `${config.indexPrefix}${BASE[entity]}${kind === 'sandbox' ? '_sandbox' : ''}`;
}

/**
 * One physical index per entity, kind, build and load: `<prefix>people_live_1.0.0_2026-11-21_<load>`.
 * The load id lets a re-load of the serving build fill a fresh index while the old one serves.
 */
export function buildIndexName(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  entity: SearchEntity,
  kind: BuildKind,
  buildId: string,
  loadId: string,
): string {
  return `${buildIndexPattern(config, entity, kind, buildId).slice(0, -1)}${loadId}`;
}

/** Every index any load of this build created. */
export function buildIndexPattern(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  entity: SearchEntity,
  kind: BuildKind,
  buildId: string,
): string {
  return `${config.indexPrefix}${BASE[entity]}_${kind}_${buildId.toLowerCase()}_*`;
}

export async function createBuildIndex(client: Client, index: string, entity: SearchEntity): Promise<void> {
  await client.indices.create({ index, body: { settings: loadingSettings(), mappings: MAPPINGS[entity] } });
}

/** Names of the existing indices matching a pattern. */
export async function listIndices(client: Client, pattern: string): Promise<string[]> {
  const res = await client.indices.get({ index: pattern, allow_no_indices: true, expand_wildcards: 'all' });
  return Object.keys(res.body);
}

/** Makes a loaded index searchable and durable: serving settings, one refresh now, a flush. */
export async function finishBuildIndex(client: Client, index: string): Promise<void> {
  await client.indices.putSettings({ index, body: { index: SERVING_SETTINGS } });
  await client.indices.refresh({ index });
  await client.indices.flush({ index });
}

export async function aliasTargets(client: Client, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists.body) return [];
  const res = await client.indices.getAlias({ name: alias });
  return Object.keys(res.body);
}

/** Points the alias at `index` in one atomic step, so searches never see a half-loaded build. */
export async function swapAlias(client: Client, alias: string, index: string): Promise<void> {
  const current = await aliasTargets(client, alias);
  const actions: Record<string, unknown>[] = current
    .filter((i) => i !== index)
    .map((i) => ({ remove: { index: i, alias } }));
  actions.push({ add: { index, alias } });
  await client.indices.updateAliases({ body: { actions } });
}

export async function deleteIndices(client: Client, indices: string[]): Promise<void> {
  if (indices.length > 0) await client.indices.delete({ index: indices.join(','), ignore_unavailable: true });
}

export interface BulkFailure {
  id: string;
  reason: string;
}

/** Indexes documents by svc_id; returns the documents OpenSearch refused, with its reason. */
export async function bulkIndex(
  client: Client,
  index: string,
  docs: { svc_id: string; [k: string]: unknown }[],
): Promise<BulkFailure[]> {
  if (docs.length === 0) return [];
  const body: unknown[] = [];
  for (const doc of docs) body.push({ index: { _index: index, _id: doc.svc_id } }, doc);
  const res = await client.bulk({ body: body as never });
  if (!res.body.errors) return [];
  const failures: BulkFailure[] = [];
  for (const item of res.body.items) {
    const r = item.index;
    if (r?.error) failures.push({ id: String(r._id), reason: `${r.error.type}: ${r.error.reason ?? ''}` });
  }
  return failures;
}
