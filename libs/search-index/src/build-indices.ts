import { Entity, BuildKind } from '@app/contracts';
import { Client } from '@opensearch-project/opensearch';
import type { OpenSearchConfig } from '@app/config';
import {
  LOADING_DYNAMIC_SETTINGS,
  loadingSettings,
  MAPPING_HASH_META,
  mappingHash,
  MAPPINGS,
  replicaCount,
  SERVING_SETTINGS,
  shardCount,
} from './mappings';

/** A build serves either the live API or the sandbox; each has its own alias per entity. */

const BASE: Record<Entity, string> = { person: 'people', company: 'companies' };

/** The alias searches read: `<prefix>people`, `<prefix>companies_sandbox`, … */
export function aliasName(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  entity: Entity,
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
  entity: Entity,
  kind: BuildKind,
  buildId: string,
  loadId: string,
): string {
  return `${buildIndexPattern(config, entity, kind, buildId).slice(0, -1)}${loadId}`;
}

/** Every index any load of this build created. */
export function buildIndexPattern(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  entity: Entity,
  kind: BuildKind,
  buildId: string,
): string {
  return `${kindIndexPattern(config, entity, kind).slice(0, -1)}${buildId.toLowerCase()}_*`;
}

/** Every index any load of any build of this kind created. */
export function kindIndexPattern(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  entity: Entity,
  kind: BuildKind,
): string {
  return `${config.indexPrefix}${BASE[entity]}_${kind}_*`;
}

/** Shards and replicas of one build index (docs/data-builds.md, "Index settings"). */
export interface IndexLayout {
  shards: number;
  replicas: number;
}

/**
 * The layout of an index about to be loaded from `inputBytes` of JSONL: shards from the size
 * (or OPENSEARCH_SHARDS), replicas from OPENSEARCH_REPLICAS or, for `auto`, from the data nodes
 * the cluster has now.
 */
export async function indexLayout(
  client: Client,
  config: Partial<Pick<OpenSearchConfig, 'replicas' | 'shards'>>,
  inputBytes: number,
): Promise<IndexLayout> {
  const setting = config.replicas ?? 'auto';
  let dataNodes = 1;
  if (setting === 'auto') {
    const health = await client.cluster.health({});
    dataNodes = (health.body as { number_of_data_nodes: number }).number_of_data_nodes;
  }
  return {
    shards: shardCount(inputBytes, config.shards ?? null),
    replicas: replicaCount(setting, dataNodes),
  };
}

export async function createBuildIndex(
  client: Client,
  index: string,
  entity: Entity,
  layout: Pick<IndexLayout, 'shards'> = { shards: 1 },
): Promise<void> {
  await client.indices.create({
    index,
    body: {
      settings: loadingSettings(layout.shards),
      mappings: { ...MAPPINGS[entity], _meta: { [MAPPING_HASH_META]: mappingHash(entity) } },
    },
  });
}

/**
 * The mapping an index was created with, as `mappingHash` names it; null for an index created
 * before indices carried it. An incremental load clones a build's index only when it matches
 * this code's mapping (an index is never re-mapped in place).
 */
export async function indexMappingHash(client: Client, index: string): Promise<string | null> {
  const res = await client.indices.getMapping({ index });
  const body = res.body as Record<string, { mappings?: { _meta?: Record<string, unknown> } }>;
  const hash = Object.values(body)[0]?.mappings?._meta?.[MAPPING_HASH_META];
  return typeof hash === 'string' ? hash : null;
}

/** An existing index (a clone) made ready for a load's writes: no refresh, translog in the background. */
export async function resumeLoading(client: Client, index: string): Promise<void> {
  await client.indices.putSettings({ index, body: { index: LOADING_DYNAMIC_SETTINGS } });
}

/** Names of the existing indices matching a pattern. */
export async function listIndices(client: Client, pattern: string): Promise<string[]> {
  const res = await client.indices.get({ index: pattern, allow_no_indices: true, expand_wildcards: 'all' });
  return Object.keys(res.body);
}

/**
 * Makes a loaded index searchable and durable: serving settings, one refresh, then one segment.
 * A build's index is never written again, so merging it once costs nothing later: searches stop
 * paying per segment (sorting by svc_id across 30 segments took 4 ms of a 6 ms page at 1 M
 * people), and no background merge competes with them while the build serves. The merge runs
 * as a task that is polled, so a large build never trips a request timeout; it flushes.
 */
export async function finishBuildIndex(
  client: Client,
  index: string,
  replicas = 0,
  { merge = true }: { merge?: boolean } = {},
): Promise<void> {
  await client.indices.putSettings({ index, body: { index: SERVING_SETTINGS } });
  await client.indices.refresh({ index });
  if (merge) await mergeToOneSegment(client, index);
  if (replicas > 0) await addReplicas(client, index, replicas);
}

async function mergeToOneSegment(client: Client, index: string): Promise<void> {
  const started = await client.indices.forcemerge({
    index,
    max_num_segments: 1,
    wait_for_completion: false,
  } as never);
  await awaitTask(client, (started.body as { task: string }).task);
  // Searches see the merged segment only from the next refresh, which an idle shard may skip.
  await client.indices.refresh({ index });
}

/**
 * Replicas are added once the index is merged, so each copies one finished segment instead of
 * indexing every document again. The build serves only once they are allocated (green), so a
 * node lost right after the swap still leaves a copy; a replica that cannot be placed (more
 * replicas than other nodes) leaves it yellow, which serves, and the wait ends.
 */
async function addReplicas(client: Client, index: string, replicas: number): Promise<void> {
  await client.indices.putSettings({ index, body: { index: { number_of_replicas: replicas } } });
  for (;;) {
    const res = await client.cluster.health(
      { index, wait_for_status: 'green', timeout: TASK_POLL.timeout },
      // A wait that runs out answers 408 with the health as it is.
      { requestTimeout: TASK_POLL.requestTimeoutMs, ignore: [408] },
    );
    const health = res.body as { status: string; initializing_shards: number; relocating_shards: number };
    if (health.status === 'green') return;
    if (health.initializing_shards === 0 && health.relocating_shards === 0) return;
  }
}

const TASK_POLL = { timeout: '30s', requestTimeoutMs: 45_000 };

/**
 * Waits for a background task; throws with OpenSearch's reason when it failed. A wait that
 * runs out answers 500 `timeout_exception` (the task goes on), so that one is waited again.
 */
async function awaitTask(client: Client, taskId: string): Promise<void> {
  for (;;) {
    const res = await client.tasks.get(
      { task_id: taskId, wait_for_completion: true, timeout: TASK_POLL.timeout },
      { requestTimeout: TASK_POLL.requestTimeoutMs, ignore: [500] },
    );
    const body = res.body as { completed?: boolean; error?: { type?: string; reason?: string } };
    if (body.error?.type === 'timeout_exception' && !body.completed) continue;
    if (body.error)
      throw new Error(`OpenSearch task ${taskId} failed: ${body.error.reason ?? body.error.type}`);
    if (body.completed) return;
    throw new Error(`OpenSearch task ${taskId}: unexpected answer ${res.statusCode}`);
  }
}

export async function aliasTargets(client: Client, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists.body) return [];
  const res = await client.indices.getAlias({ name: alias });
  return Object.keys(res.body);
}

/** What each alias points at now (an alias that does not exist points at nothing). */
export async function currentAliases(
  client: Client,
  aliases: readonly string[],
): Promise<Record<string, string[]>> {
  const entries = await Promise.all(aliases.map(async (a) => [a, await aliasTargets(client, a)] as const));
  return Object.fromEntries(entries);
}

type AliasAction = { remove: { index: string; alias: string } } | { add: { index: string; alias: string } };

/**
 * The `_aliases` actions that make each alias point at exactly its wanted index; none when all
 * do already. Pure, so the rule is unit-tested apart from OpenSearch.
 */
export function aliasActions(
  current: Record<string, readonly string[]>,
  wanted: Record<string, string>,
): AliasAction[] {
  const actions: AliasAction[] = [];
  for (const [alias, index] of Object.entries(wanted)) {
    const now = current[alias] ?? [];
    if (now.length === 1 && now[0] === index) continue;
    for (const i of now) if (i !== index) actions.push({ remove: { index: i, alias } });
    actions.push({ add: { index, alias } });
  }
  return actions;
}

/**
 * Points every alias at its index in ONE `_aliases` request, which OpenSearch applies
 * atomically: searches see all the aliases move together, or none (an index that does not
 * exist fails the whole request). Returns the actions taken; none when nothing had to move.
 */
export async function pointAliases(client: Client, wanted: Record<string, string>): Promise<AliasAction[]> {
  const actions = aliasActions(await currentAliases(client, Object.keys(wanted)), wanted);
  if (actions.length > 0) await client.indices.updateAliases({ body: { actions } });
  return actions;
}

/**
 * `target`, a new index made of `source`'s segment files (hard-linked where the file system
 * allows): as fast for a million documents as for ten, and already merged. OpenSearch clones
 * only an index that refuses writes, so `source` refuses them while it is cloned (a build's
 * index is never written again anyway); the clone takes writes and has no replicas yet.
 */
export async function cloneIndex(client: Client, source: string, target: string): Promise<void> {
  await client.indices.putSettings({ index: source, body: { index: { blocks: { write: true } } } });
  try {
    await client.indices.clone({
      index: source,
      target,
      body: { settings: { index: { number_of_replicas: 0, blocks: { write: false } } } },
    });
  } finally {
    await client.indices
      // null puts the setting back to its default (writable) rather than pinning it false.
      .putSettings({ index: source, body: { index: { blocks: { write: null } } } as never })
      .catch(() => undefined);
  }
}

/** Documents in `index`, as searches see them now. */
export async function countDocs(client: Client, index: string): Promise<number> {
  const res = await client.count({ index });
  return (res.body as { count: number }).count;
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
  return bulkFailures((await client.bulk({ body: body as never })) as BulkAnswer, 'index');
}

type BulkAnswer = { body: { errors: boolean; items: Partial<Record<string, BulkItem>>[] } };
type BulkItem = { _id?: string | null; error?: { type: string; reason?: string | null } };

/** The items of a bulk answer OpenSearch refused, with its reason. */
function bulkFailures(res: BulkAnswer, action: 'index' | 'delete'): BulkFailure[] {
  if (!res.body.errors) return [];
  const failures: BulkFailure[] = [];
  for (const item of res.body.items) {
    const r = item[action];
    if (r?.error) failures.push({ id: String(r._id), reason: `${r.error.type}: ${r.error.reason ?? ''}` });
  }
  return failures;
}

/** Deletes documents by svc_id; returns those OpenSearch refused (a missing one is not refused). */
export async function bulkDelete(
  client: Client,
  index: string,
  ids: readonly string[],
): Promise<BulkFailure[]> {
  if (ids.length === 0) return [];
  const res = await client.bulk({ body: ids.map((id) => ({ delete: { _index: index, _id: id } })) as never });
  return bulkFailures(res as BulkAnswer, 'delete');
}

/** The stored documents of `ids` (those that exist), by id. */
export async function getDocs(
  client: Client,
  index: string,
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return out;
  const res = await client.mget({ index, body: { ids: [...ids] } });
  const docs = (res.body as { docs: { _id: string; found: boolean; _source?: Record<string, unknown> }[] })
    .docs;
  for (const d of docs) if (d.found && d._source) out.set(d._id, d._source);
  return out;
}
