/**
 * Suppressions (opt-outs, erasure requests): made, lifted and listed. A suppression removes the
 * people it names from every live build in both stores at once and keeps them out of every later
 * load (sweep.ts); see docs/privacy.md.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { DataSource, EntityManager } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { appendAudit, type AuditActor, type Queryable } from '@app/store';
import { normalizeIdentifiers, type PersonIdentifiers, type SuppressedKind } from './identifiers';
import { livePersonIndices, removeFromBuilds, removeFromIndices, type RemovedRecord } from './removal';
import { resolveIdentifiers } from './resolve';

export interface PrivacyStores {
  db: DataSource;
  os: Client;
  osConfig: Pick<OpenSearchConfig, 'indexPrefix'>;
}

export interface SuppressionRequest extends PersonIdentifiers {
  reason?: string | null;
}

export const MAX_REASON_LENGTH = 500;

export interface SuppressionSummary {
  id: number;
  created_at: string;
  reason: string | null;
  lifted_at: string | null;
  /** How many identifiers of each kind it keeps (as hashes). */
  identifiers: Record<SuppressedKind, number>;
  /** The people it removed or named by svc_id. */
  svc_ids: string[];
}

export interface SuppressionResult extends SuppressionSummary {
  /** Identifiers that named nobody in the served build: they still drop a later build's sole holder. */
  unresolved: number;
  /** Records removed now, per live build. */
  removed: Array<{ build_id: string; records: number }>;
}

function checkReason(reason: string | null | undefined): string | null {
  const text = reason?.trim() ?? '';
  if (text.length > MAX_REASON_LENGTH)
    throw new ServiceError('invalid_request', `reason is longer than ${MAX_REASON_LENGTH} characters`, {
      field: 'reason',
      reason: 'too_long',
    });
  return text === '' ? null : text;
}

/**
 * Suppresses the person(s) named. Input is checked first (ServiceError 400s); the people are
 * resolved by enrichment's rules on the served build; then, in one transaction, the suppression
 * is written, their rows leave every live build, their documents leave every live index (and
 * the indices are refreshed) and the audit row is appended: if OpenSearch refuses, nothing
 * commits. Inserting the row waits for a load sweeping its new build, so a load never activates
 * a build without a suppression made while it ran (sweep.ts).
 */
export async function suppress(
  stores: PrivacyStores,
  request: SuppressionRequest,
  actor: AuditActor,
): Promise<SuppressionResult> {
  const named = normalizeIdentifiers(request);
  const reason = checkReason(request.reason);
  const resolved = await resolveIdentifiers(stores.db, named.identifiers);
  const svcIds = [...new Set([...named.svcIds, ...resolved.filter((id): id is string => id !== null)])];
  return stores.db.transaction(async (em) => {
    const [row] = (await em.query(
      `INSERT INTO privacy_suppressions (reason) VALUES ($1) RETURNING id, created_at, reason, lifted_at`,
      [reason],
    )) as Array<{ id: number; created_at: Date; reason: string | null; lifted_at: Date | null }>;
    if (named.identifiers.length > 0)
      await em.query(
        `INSERT INTO privacy_suppressed_identifiers (suppression_id, kind, hash)
         SELECT $1, kind, hash FROM unnest($2::text[], $3::text[]) AS i(kind, hash)`,
        [row.id, named.identifiers.map((i) => i.kind), named.identifiers.map((i) => i.hash)],
      );
    await rememberPeople(em, row.id, svcIds);
    const removed = await removeFromBuilds(em, svcIds, null);
    await recordRemovals(em, row.id, removed);
    await lowerPersonCounts(em, removed);
    await removeFromIndices(stores.os, await livePersonIndices(stores.os, stores.osConfig), svcIds);
    const summary = summaryOf(row, named.identifiers, svcIds);
    const perBuild = countByBuild(removed);
    const result: SuppressionResult = {
      ...summary,
      unresolved: resolved.filter((id) => id === null).length,
      removed: perBuild[0].map((build_id, i) => ({ build_id, records: perBuild[1][i] })),
    };
    await appendAudit(em, {
      actor,
      action: 'privacy.suppress',
      target: `suppression:${row.id}`,
      after: { identifiers: summary.identifiers, svc_ids: svcIds, removed: result.removed, reason },
    });
    return result;
  });
}

export interface LiftResult extends SuppressionSummary {
  /** People no other standing suppression names: served again from the next load on. */
  released: string[];
}

/** Lifts a suppression: a later load serves its people again (their removed records are not restored). */
export async function unsuppress(db: DataSource, id: number, actor: AuditActor): Promise<LiftResult> {
  return db.transaction(async (em) => {
    const [row] = (await em.query(`SELECT id, lifted_at FROM privacy_suppressions WHERE id = $1 FOR UPDATE`, [
      id,
    ])) as Array<{ id: number; lifted_at: Date | null }>;
    if (!row) throw new ServiceError('not_found', `suppression ${id} does not exist`);
    if (row.lifted_at)
      throw new ServiceError(
        'conflict',
        `suppression ${id} was lifted already, at ${row.lifted_at.toISOString()}`,
      );
    return lift(em, id, actor);
  });
}

/**
 * Lifts every standing suppression that names the person as asked: one of the same identifiers
 * (by hash) or svc_ids. not_found when none stands, so a typo never passes for a lift.
 */
export async function unsuppressMatching(
  db: DataSource,
  input: PersonIdentifiers,
  actor: AuditActor,
): Promise<LiftResult[]> {
  const named = normalizeIdentifiers(input);
  return db.transaction(async (em) => {
    const ids = (
      (await em.query(
        `SELECT s.id FROM privacy_suppressions s
          WHERE s.lifted_at IS NULL AND (
            EXISTS (SELECT 1 FROM privacy_suppressed_identifiers i
                     WHERE i.suppression_id = s.id
                       AND (i.kind, i.hash) IN (SELECT * FROM unnest($1::text[], $2::text[])))
            OR EXISTS (SELECT 1 FROM privacy_suppressed_people p
                        WHERE p.suppression_id = s.id AND p.svc_id = ANY($3::uuid[])))
          ORDER BY s.id FOR UPDATE`,
        [named.identifiers.map((i) => i.kind), named.identifiers.map((i) => i.hash), named.svcIds],
      )) as Array<{ id: number }>
    ).map((r) => r.id);
    if (ids.length === 0) throw new ServiceError('not_found', 'no standing suppression names this person');
    const lifted: LiftResult[] = [];
    for (const id of ids) lifted.push(await lift(em, id, actor));
    return lifted;
  });
}

/** Lifts one suppression, locked and standing, with its audit row. */
async function lift(em: EntityManager, id: number, actor: AuditActor): Promise<LiftResult> {
  const [lifted] = (await em.query(
    `WITH lifted AS (UPDATE privacy_suppressions SET lifted_at = now() WHERE id = $1 RETURNING lifted_at)
     SELECT lifted_at FROM lifted`,
    [id],
  )) as Array<{ lifted_at: Date }>;
  const [summary] = await summaries(em, [id]);
  const released = (
    (await em.query(
      `SELECT p.svc_id::text AS svc_id FROM privacy_suppressed_people p WHERE p.suppression_id = $1
          AND NOT EXISTS (SELECT 1 FROM privacy_suppressed_people o JOIN privacy_suppressions s ON s.id = o.suppression_id
                           WHERE o.svc_id = p.svc_id AND s.lifted_at IS NULL)
        ORDER BY 1`,
      [id],
    )) as Array<{ svc_id: string }>
  ).map((r) => r.svc_id);
  await appendAudit(em, {
    actor,
    action: 'privacy.unsuppress',
    target: `suppression:${id}`,
    before: { lifted_at: null },
    after: { lifted_at: lifted.lifted_at.toISOString(), released },
  });
  return { ...summary, lifted_at: lifted.lifted_at.toISOString(), released };
}

export interface ListOptions {
  includeLifted?: boolean;
  limit?: number;
  /** Only suppressions with a smaller id (the next page). */
  before?: number;
}

/** Newest first. */
export async function listSuppressions(
  db: DataSource,
  opts: ListOptions = {},
): Promise<SuppressionSummary[]> {
  const ids = (
    (await db.query(
      `SELECT id FROM privacy_suppressions
        WHERE ($1 OR lifted_at IS NULL) AND ($2::int IS NULL OR id < $2)
        ORDER BY id DESC LIMIT $3`,
      [opts.includeLifted === true, opts.before ?? null, Math.min(opts.limit ?? 100, 1000)],
    )) as Array<{ id: number }>
  ).map((r) => r.id);
  return summaries(db, ids);
}

/** The svc_ids every standing suppression names: what gateways must never answer with. */
export async function suppressedPeople(db: DataSource): Promise<string[]> {
  const rows = (await db.query(
    `SELECT DISTINCT p.svc_id::text AS svc_id FROM privacy_suppressed_people p
       JOIN privacy_suppressions s ON s.id = p.suppression_id WHERE s.lifted_at IS NULL`,
  )) as Array<{ svc_id: string }>;
  return rows.map((r) => r.svc_id);
}

/**
 * Changes whenever the standing list may have: a suppression made or lifted, or people remembered
 * by a load. Cheap next to reading the list, so a process can poll it.
 */
export async function suppressionsSignature(db: DataSource): Promise<string> {
  const [row] = (await db.query(
    `SELECT (SELECT coalesce(max(id), 0) FROM privacy_suppressions) AS made,
            (SELECT count(*) FROM privacy_suppressions WHERE lifted_at IS NOT NULL) AS lifted,
            (SELECT count(*) FROM privacy_suppressed_people) AS people`,
  )) as Array<{ made: number; lifted: string; people: string }>;
  return `${row.made}/${row.lifted}/${row.people}`;
}

export async function rememberPeople(em: Queryable, suppressionId: number, svcIds: readonly string[]) {
  if (svcIds.length === 0) return;
  await em.query(
    `INSERT INTO privacy_suppressed_people (suppression_id, svc_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [suppressionId, svcIds],
  );
}

export async function recordRemovals(
  em: Queryable,
  suppressionId: number,
  removed: readonly RemovedRecord[],
) {
  if (removed.length === 0) return;
  await em.query(
    `INSERT INTO privacy_removals (suppression_id, svc_id, build_id)
     SELECT $1, svc_id, build_id FROM unnest($2::uuid[], $3::text[]) AS r(svc_id, build_id) ON CONFLICT DO NOTHING`,
    [suppressionId, removed.map((r) => r.svc_id), removed.map((r) => r.build_id)],
  );
}

/**
 * Stored builds count the people they serve; the removed ones no longer count. A build still
 * loading has no count yet: its activation counts what is left.
 */
export async function lowerPersonCounts(em: Queryable, removed: readonly RemovedRecord[]) {
  if (removed.length === 0) return;
  await em.query(
    `UPDATE builds b SET person_count = b.person_count - r.n
       FROM (SELECT unnest($1::text[]) AS build_id, unnest($2::int[]) AS n) r
      WHERE b.id = r.build_id AND b.status = 'ready'`,
    countByBuild(removed),
  );
}

function countByBuild(removed: readonly RemovedRecord[]): [string[], number[]] {
  const counts = new Map<string, number>();
  for (const r of removed) counts.set(r.build_id, (counts.get(r.build_id) ?? 0) + 1);
  return [[...counts.keys()], [...counts.values()]];
}

const KIND_COUNTS = (): Record<SuppressedKind, number> => ({ email: 0, phone: 0, social_url: 0 });

function summaryOf(
  row: { id: number; created_at: Date; reason: string | null; lifted_at: Date | null },
  identifiers: ReadonlyArray<{ kind: SuppressedKind }>,
  svcIds: readonly string[],
): SuppressionSummary {
  const counts = KIND_COUNTS();
  for (const i of identifiers) counts[i.kind] += 1;
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    reason: row.reason,
    lifted_at: row.lifted_at?.toISOString() ?? null,
    identifiers: counts,
    svc_ids: [...svcIds].sort(),
  };
}

async function summaries(q: Queryable, ids: readonly number[]): Promise<SuppressionSummary[]> {
  if (ids.length === 0) return [];
  const rows = (await q.query(
    `SELECT s.id, s.created_at, s.reason, s.lifted_at,
            coalesce((SELECT array_agg(i.kind ORDER BY i.kind) FROM privacy_suppressed_identifiers i WHERE i.suppression_id = s.id), '{}') AS kinds,
            coalesce((SELECT array_agg(p.svc_id::text ORDER BY p.svc_id) FROM privacy_suppressed_people p WHERE p.suppression_id = s.id), '{}') AS svc_ids
       FROM privacy_suppressions s WHERE s.id = ANY($1::int[]) ORDER BY s.id DESC`,
    [ids],
  )) as Array<{
    id: number;
    created_at: Date;
    reason: string | null;
    lifted_at: Date | null;
    kinds: SuppressedKind[];
    svc_ids: string[];
  }>;
  return rows.map((r) =>
    summaryOf(
      r,
      r.kinds.map((kind) => ({ kind })),
      r.svc_ids,
    ),
  );
}
