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
import { livePersonIndices, removeFromBuilds, removeFromIndices, rows } from './removal';
import { lowerPersonCounts, recordRemovals, rememberPeople } from './suppressions';

interface Named {
  suppression_id: number;
  svc_id: string;
  newly: boolean;
}

/** Standing identifier hashes, and the people standing suppressions name by svc_id that this build holds. */
async function standing(q: Queryable, buildId: string) {
  const ids = await rows<{ suppression_id: number; kind: string; hash: string }>(
    q,
    `SELECT i.suppression_id, i.kind, i.hash FROM privacy_suppressed_identifiers i
       JOIN privacy_suppressions s ON s.id = i.suppression_id AND s.lifted_at IS NULL`,
    [],
  );
  const people = await rows<{ suppression_id: number; svc_id: string }>(
    q,
    `SELECT p.suppression_id, p.svc_id::text AS svc_id
       FROM privacy_suppressed_people p
       JOIN privacy_suppressions s ON s.id = p.suppression_id AND s.lifted_at IS NULL
       JOIN person_records r ON r.build_id = $1 AND r.svc_id = p.svc_id`,
    [buildId],
  );
  return { ids, people };
}

/**
 * Who in the build holds a suppressed identifier. Emails go through their stored sha256 key (an
 * index lookup); phones and profile URLs through the digest of each of the build's keys of that
 * kind, in one pass over them whatever the number of suppressions (the hashes are matched as a
 * set), and only for the kinds some standing suppression has.
 */
async function holders(q: Queryable, buildId: string, ids: ReadonlyArray<{ kind: string; hash: string }>) {
  const emails = ids.filter((i) => i.kind === 'email').map((i) => i.hash);
  const others = ids.filter((i) => i.kind !== 'email');
  const found: Array<{ kind: string; hash: string; svc_id: string }> = [];
  if (emails.length > 0)
    found.push(
      ...(await rows<{ kind: string; hash: string; svc_id: string }>(
        q,
        `SELECT 'email' AS kind, value AS hash, svc_id::text AS svc_id FROM person_match_keys
          WHERE build_id = $1 AND kind = 'email_sha256' AND value = ANY($2::text[])`,
        [buildId, emails],
      )),
    );
  if (others.length > 0)
    found.push(
      ...(await rows<{ kind: string; hash: string; svc_id: string }>(
        q,
        `SELECT kind, hash, svc_id::text AS svc_id FROM (
           SELECT kind, svc_id, encode(sha256(convert_to(value, 'UTF8')), 'hex') AS hash
             FROM person_match_keys WHERE build_id = $1 AND kind = ANY($2::text[])) k
          WHERE hash = ANY($3::text[])`,
        [buildId, [...new Set(others.map((i) => i.kind))], others.map((i) => i.hash)],
      )),
    );
  return found;
}

/** The records standing suppressions name in the build, by svc_id or as sole holder of an identifier. */
async function namedInBuild(q: Queryable, buildId: string): Promise<Named[]> {
  const { ids, people } = await standing(q, buildId);
  const held = new Map<string, Set<string>>();
  for (const h of await holders(q, buildId, ids)) {
    const key = `${h.kind}:${h.hash}`;
    held.set(key, (held.get(key) ?? new Set()).add(h.svc_id));
  }
  const byIdentifier: Array<{ suppression_id: number; svc_id: string }> = [];
  for (const i of ids) {
    const svcIds = held.get(`${i.kind}:${i.hash}`);
    if (svcIds?.size === 1) byIdentifier.push({ suppression_id: i.suppression_id, svc_id: [...svcIds][0] });
  }
  const known = new Set(
    (
      await rows<{ svc_id: string }>(
        q,
        'SELECT DISTINCT svc_id::text AS svc_id FROM privacy_suppressed_people WHERE svc_id = ANY($1::uuid[])',
        [byIdentifier.map((n) => n.svc_id)],
      )
    ).map((r) => r.svc_id),
  );
  return [
    ...people.map((p) => ({ ...p, newly: false })),
    ...byIdentifier.map((n) => ({ ...n, newly: !known.has(n.svc_id) })),
  ];
}

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
  const named = await namedInBuild(q, buildId);
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
