/**
 * Taking people out of both stores: their record rows and match keys from Postgres, their
 * documents from OpenSearch. Used when a suppression is made (every live build) and when a load
 * sweeps its new build (that build only).
 */
import type { Client } from '@opensearch-project/opensearch';
import type { OpenSearchConfig } from '@app/config';
import { ServiceError, type PersonRecord } from '@app/contracts';
import { personRows } from '@app/matching';
import { bulkDelete, kindIndexPattern, listIndices } from '@app/search-index';
import type { Queryable } from '@app/store';

export interface RemovedRecord {
  build_id: string;
  svc_id: string;
}

/** A statement's rows (Queryable.query answers unknown). */
export const rows = async <T>(q: Queryable, sql: string, params: unknown[] = []) =>
  (await q.query(sql, params)) as T[];

/**
 * Deletes the people's rows from the given live builds (null: every live build) on `q`, inside
 * the caller's transaction, with their match keys. The keys are found again from each record
 * (the loader's own personRows), so each is deleted by its primary key rather than by a scan of
 * every key of the build.
 */
export async function removeFromBuilds(
  q: Queryable,
  svcIds: readonly string[],
  buildIds: readonly string[] | null,
): Promise<RemovedRecord[]> {
  if (svcIds.length === 0) return [];
  const gone = await rows<{ build_id: string; svc_id: string; record_json: string }>(
    q,
    // Wrapped in a SELECT: TypeORM answers a bare DELETE … RETURNING as [rows, count].
    `WITH gone AS (
       DELETE FROM person_records r USING builds b
        WHERE b.id = r.build_id AND NOT b.is_sandbox AND r.svc_id = ANY($1::uuid[])
          AND ($2::text[] IS NULL OR r.build_id = ANY($2::text[]))
       RETURNING r.build_id, r.svc_id::text AS svc_id, r.record_json)
     SELECT * FROM gone`,
    [svcIds, buildIds],
  );
  const keys = { build: [] as string[], kind: [] as string[], value: [] as string[], svc: [] as string[] };
  for (const row of gone) {
    for (const k of personRows(JSON.parse(row.record_json) as PersonRecord).keys) {
      keys.build.push(row.build_id);
      keys.kind.push(k.kind);
      keys.value.push(k.value);
      keys.svc.push(row.svc_id);
    }
  }
  if (keys.build.length > 0)
    await q.query(
      `DELETE FROM person_match_keys k
        USING unnest($1::text[], $2::text[], $3::text[], $4::uuid[]) AS d(build_id, kind, value, svc_id)
        WHERE k.build_id = d.build_id AND k.kind = d.kind AND k.value = d.value AND k.svc_id = d.svc_id`,
      [keys.build, keys.kind, keys.value, keys.svc],
    );
  return gone.map(({ build_id, svc_id }) => ({ build_id, svc_id }));
}

/** Every index of live people, whichever build or load made it (the serving one and older ones). */
export function livePersonIndices(
  os: Client,
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
): Promise<string[]> {
  return listIndices(os, kindIndexPattern(config, 'person', 'live'));
}

/**
 * Deletes the people's documents from these indices and refreshes them, so a search started
 * after this returns neither them nor their count. A refusal is a 503: the caller's transaction
 * must not commit a suppression the search side did not take.
 */
export async function removeFromIndices(
  os: Client,
  indices: readonly string[],
  svcIds: readonly string[],
): Promise<void> {
  if (svcIds.length === 0 || indices.length === 0) return;
  for (const index of indices) {
    const failures = await bulkDelete(os, index, svcIds);
    if (failures.length > 0)
      throw new ServiceError(
        'service_unavailable',
        `OpenSearch did not delete ${failures.length} document(s) from ${index} (${failures[0].reason}); nothing was suppressed, try again`,
      );
  }
  await os.indices.refresh({ index: indices.join(',') });
}

/** How many people suppressions have taken out of a build so far (privacy_removals). */
export async function removedFromBuild(q: Queryable, buildId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    q,
    'SELECT count(DISTINCT svc_id)::int AS n FROM privacy_removals WHERE build_id = $1',
    [buildId],
  );
  return row.n;
}
