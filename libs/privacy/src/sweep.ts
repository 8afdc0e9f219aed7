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
import { removeFromBuilds, removeFromIndices } from './removal';
import { recordRemovals, rememberPeople } from './suppressions';

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
  SELECT h.suppression_id, h.svc_id::text AS svc_id FROM held h JOIN sole USING (kind, hash)
  UNION
  SELECT p.suppression_id, p.svc_id::text
    FROM privacy_suppressed_people p
    JOIN privacy_suppressions s ON s.id = p.suppression_id AND s.lifted_at IS NULL
    JOIN person_records r ON r.build_id = $1 AND r.svc_id = p.svc_id`;

/**
 * Removes what standing suppressions name from `buildId` (on the load's transaction `q`) and
 * from its new `index`; returns how many records left. The SHARE lock holds new suppressions
 * back until the load commits (they then remove from this build themselves), so none is missed
 * between this sweep and the activation.
 */
export async function sweepSuppressed(
  q: Queryable,
  os: Client,
  buildId: string,
  index: string,
): Promise<number> {
  await q.query('LOCK TABLE privacy_suppressions IN SHARE MODE');
  const named = await rows<{ suppression_id: number; svc_id: string }>(q, NAMED_IN_BUILD, [buildId]);
  if (named.length === 0) return 0;
  const bySuppression = new Map<number, string[]>();
  for (const n of named)
    bySuppression.set(n.suppression_id, [...(bySuppression.get(n.suppression_id) ?? []), n.svc_id]);
  const svcIds = [...new Set(named.map((n) => n.svc_id))];
  const removed = await removeFromBuilds(q, svcIds, [buildId]);
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
  return removed.length;
}
