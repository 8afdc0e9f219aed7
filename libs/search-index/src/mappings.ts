import { createHash } from 'node:crypto';
import {
  COMPANY_ENUM_COLUMNS,
  COMPANY_NESTED_COLUMNS,
  COMPANY_NUMERIC_COLUMNS,
  COMPANY_TEXT_COLUMNS,
  NESTED_VALUE,
  PERSON_BOOLEAN_COLUMNS,
  PERSON_ENUM_COLUMNS,
  PERSON_NESTED_COLUMNS,
  PERSON_NUMERIC_COLUMNS,
  PERSON_TEXT_COLUMNS,
  RESULT_FIELD,
  WILDCARD_SUBFIELD,
  Entity,
} from '@app/contracts';

/**
 * Text: a keyword with the core `lowercase` normalizer answers `=`, IN and the industry
 * lookups case-insensitively; its `wildcard` subfield answers ILIKE '%x%' without scanning
 * terms (the integ-test distribution has no analysis-common, so no n-gram analyzers).
 * The subfield keeps doc values: without them OpenSearch 2.19 verifies wildcard candidates
 * against `_source`, which a nested element does not have, so ILIKE on a cross-table column
 * never matched (see test/sql-engine.e2e-spec.ts).
 */
const text = {
  type: 'keyword',
  normalizer: 'lowercase',
  ignore_above: 2048,
  fields: { [WILDCARD_SUBFIELD]: { type: 'wildcard', normalizer: 'lowercase', doc_values: true } },
};
const enumField = { type: 'keyword', normalizer: 'lowercase' };
const nested = { type: 'nested', properties: { [NESTED_VALUE]: text } };

function properties(
  texts: readonly string[],
  numerics: Record<string, string>,
  enums: readonly string[],
  booleans: readonly string[],
  nesteds: readonly string[],
): Record<string, unknown> {
  return {
    svc_id: { type: 'keyword' },
    [RESULT_FIELD]: { type: 'object', enabled: false },
    ...Object.fromEntries(texts.map((c) => [c, text])),
    ...Object.fromEntries(Object.entries(numerics).map(([c, t]) => [c, { type: t }])),
    ...Object.fromEntries(enums.map((c) => [c, enumField])),
    ...Object.fromEntries(booleans.map((c) => [c, { type: 'boolean' }])),
    ...Object.fromEntries(nesteds.map((c) => [c, nested])),
  };
}

export const MAPPINGS: Record<Entity, Record<string, unknown>> = {
  person: {
    dynamic: 'strict',
    properties: properties(
      PERSON_TEXT_COLUMNS,
      PERSON_NUMERIC_COLUMNS,
      PERSON_ENUM_COLUMNS,
      PERSON_BOOLEAN_COLUMNS,
      PERSON_NESTED_COLUMNS,
    ),
  },
  company: {
    dynamic: 'strict',
    properties: properties(
      COMPANY_TEXT_COLUMNS,
      COMPANY_NUMERIC_COLUMNS,
      COMPANY_ENUM_COLUMNS,
      [],
      COMPANY_NESTED_COLUMNS,
    ),
  },
};

/** Offset 10000 + limit 100 must stay inside the result window. */
export const MAX_RESULT_WINDOW = 10100;

/**
 * Settings while a build loads: no refresh, no replicas, the translog synced in the background
 * rather than per bulk request (a crash mid-load fails the load anyway; it is re-run whole).
 * `finishBuildIndex` restores what serving needs.
 */
export function loadingSettings(shards = 1): Record<string, unknown> {
  return {
    number_of_shards: shards,
    number_of_replicas: 0,
    max_result_window: MAX_RESULT_WINDOW,
    ...LOADING_DYNAMIC_SETTINGS,
  };
}

/** The part of the load's settings an existing index (a clone being written) can take. */
export const LOADING_DYNAMIC_SETTINGS: Record<string, string> = {
  refresh_interval: '-1',
  'translog.durability': 'async',
  'translog.flush_threshold_size': '1gb',
};

/** The `_meta` key under which an index records the mapping it was created with. */
export const MAPPING_HASH_META = 'mapping_hash';

/** Names an entity's mapping: a changed mapping (or analysis) gives another name. */
export function mappingHash(entity: Entity): string {
  return createHash('sha1').update(JSON.stringify(MAPPINGS[entity])).digest('hex').slice(0, 16);
}

/** Settings of a loaded index that serves. */
export const SERVING_SETTINGS: Record<string, string> = {
  refresh_interval: '1s',
  'translog.durability': 'request',
  'translog.flush_threshold_size': '512mb',
};

/**
 * Input (JSONL bytes) per primary shard. OpenSearch's guidance for search workloads is 10-50 GB
 * per shard; an indexed document here is about the size of its JSONL line (a projection of the
 * record, plus its inverted index), so a shard stays near the low end, where one query's work
 * per shard, and a replica's recovery after a node returns, stay short.
 */
export const SHARD_TARGET_BYTES = 10 * 1024 ** 3;
export const MAX_SHARDS = 64;

/**
 * Primary shards of a build's index: OPENSEARCH_SHARDS when set, else one per
 * SHARD_TARGET_BYTES of input, at least 1 and at most MAX_SHARDS. Every build of the demo and
 * test sizes (well under 10 GB) gets 1 shard: more shards would only add per-shard overhead to
 * every search.
 */
export function shardCount(inputBytes: number, override: number | null = null): number {
  if (override !== null) return override;
  return Math.min(MAX_SHARDS, Math.max(1, Math.ceil(inputBytes / SHARD_TARGET_BYTES)));
}

/**
 * Replicas of a build's index once loaded: OPENSEARCH_REPLICAS when a number, else (`auto`) 1
 * when the cluster has more than one data node, so the loss of any one node leaves a copy of
 * every shard, and 0 on a single node, where a replica could never be placed.
 */
export function replicaCount(setting: number | 'auto', dataNodes: number): number {
  if (setting !== 'auto') return setting;
  return dataNodes > 1 ? 1 : 0;
}
