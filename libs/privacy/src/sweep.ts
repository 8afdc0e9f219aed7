/**
 * A load's new build, before it serves: every record a standing suppression names leaves both
 * stores, and the load reports how many (docs/privacy.md, "Loads").
 *
 * Which records: those whose svc_id a suppression removed or named, and the sole holder in this
 * build of an identifier a suppression keeps (its hash). Identifiers are kept only as hashes, so
 * the load cannot ask the matcher; an identifier several records of the build hold (a shared
 * office phone) names none of them by itself, as in enrichment, where it spreads the match over
 * all of them. A record found by its identifier is remembered by svc_id from then on.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { Queryable } from '@app/store';
import type { OpenSearchConfig } from '@app/config';
import { livePersonIndices, removeFromBuilds, removeFromIndices } from './removal';
import { lowerPersonCounts, recordRemovals, rememberPeople } from './suppressions';

const rows = async <T>(q: Queryable, sql: string, params: unknown[]) => (await q.query(sql, params)) as T[];

// Emails are compared through their stored sha256 key; phones and profile URLs by the digest of
// each of the build's keys of that kind, read only when a standing suppression has one.
const NAMED_IN_BUILD = `
  WITH ids AS (
    SELECT i.suppression_id, i.kind, i.hash FROM privacy_suppressed_identifiers i
      JOIN privacy_suppressions s ON s.id = i.suppression_id AND s.lifted_at IS NULL
  ),
  held AS (
    SELECT ids.suppression_id, ids.kind, ids.hash, k.svc_id
      FROM ids JOIN person_match_keys k ON k.build_id = $1 AND k.kind = 'email_sha256' AND k.value = ids.hash
     WHERE ids.kind = 'email'
    UNION
    SELECT ids.suppression_id, ids.kind, ids.hash, k.svc_id
      FROM person_match_keys k
      JOIN ids ON ids.kind = k.kind AND ids.hash = encode(sha256(convert_to(k.value, 'UTF8')), 'hex')
     WHERE k.build_id = $1 AND k.kind IN ('phone', 'social_url')
       AND k.kind IN (SELECT kind FROM ids)
  ),
  sole AS (SELECT kind, hash FROM held GROUP BY kind, hash HAVING count(DISTINCT svc_id) = 1)
  SELECT h.suppression_id, h.svc_id::text AS svc_id,
         NOT EXISTS (SELECT 1 FROM privacy_suppressed_people k WHERE k.svc_id = h.svc_id) AS newly
    FROM held h JOIN sole USING (kind, hash)
  UNION
  SELECT p.suppression_id, p.svc_id::text, false
    FROM privacy_suppressed_people p
    JOIN privacy_suppressions s ON s.id = p.suppression_id AND s.lifted_at IS NULL
    JOIN person_records r ON r.build_id = $1 AND r.svc_id = p.svc_id`;

export interface Sweep {
  /** Records of the new build left out. */
  removed: number;
  /**
   * People no suppression had named by svc_id before, found by an identifier in this build: they
   * leave every other live build too, as if suppressed by svc_id (gateways must be told).
   */
  newlyNamed: string[];
}

/**
 * Removes what standing suppressions name from `buildId` (on the load's transaction `q`) and
 * from its new `index`. The SHARE lock holds new suppressions back until the load commits (they
 * then remove from this build themselves), so none is missed between this sweep and the
 * activation. A person first named here also leaves the other live builds and their indices:
 * an older build activated again must not serve them either.
 */
export async function sweepSuppressed(
  q: Queryable,
  os: Client,
  osConfig: Pick<OpenSearchConfig, 'indexPrefix'>,
  buildId: string,
  index: string,
): Promise<Sweep> {
  await q.query('LOCK TABLE privacy_suppressions IN SHARE MODE');
  const named = await rows<{ suppression_id: number; svc_id: string; newly: boolean }>(q, NAMED_IN_BUILD, [
    buildId,
  ]);
  if (named.length === 0) return { removed: 0, newlyNamed: [] };
  const newlyNamed = [...new Set(named.filter((n) => n.newly).map((n) => n.svc_id))];
  const bySuppression = new Map<number, string[]>();
  for (const n of named)
    bySuppression.set(n.suppression_id, [...(bySuppression.get(n.suppression_id) ?? []), n.svc_id]);
  const svcIds = [...new Set(named.map((n) => n.svc_id))];
  const removed = await removeFromBuilds(q, svcIds, [buildId]);
  const elsewhere = await removeFromBuilds(q, newlyNamed, null);
  await lowerPersonCounts(q, elsewhere);
  removed.push(...elsewhere);
  for (const [suppressionId, ids] of bySuppression) {
    await rememberPeople(q, suppressionId, ids);
    const mine = new Set(ids);
    await recordRemovals(
      q,
      suppressionId,
      removed.filter((r) => mine.has(r.svc_id)),
    );
  }
  await removeFromIndices(os, [index], svcIds);
  if (newlyNamed.length > 0) await removeFromIndices(os, await livePersonIndices(os, osConfig), newlyNamed);
  return { removed: removed.filter((r) => r.build_id === buildId).length, newlyNamed };
}
