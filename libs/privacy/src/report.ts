/**
 * The subject report (an access request under GDPR art. 15 / CCPA "right to know"): for the
 * person(s) the identifiers name, the record as served now, every build that held them, the
 * suppressions that name them and who received their record (the access log).
 */
import type { DataSource } from 'typeorm';
import {
  accessLogFor,
  accessLogRecipients,
  activeBuild,
  type AccessLogEntry,
  type AccessLogRecipient,
} from '@app/store';
import { normalizeIdentifiers, type PersonIdentifiers } from './identifiers';
import { resolveIdentifiers } from './resolve';

export interface SubjectBuild {
  build_id: string;
  /** `held`: the build holds the record now; `removed`: a suppression took it out (at `removed_at`). */
  status: 'held' | 'removed';
  is_active: boolean | null;
  removed_at: string | null;
}

export interface SubjectSuppression {
  id: number;
  created_at: string;
  reason: string | null;
  lifted_at: string | null;
}

export interface SubjectPerson {
  svc_id: string;
  /** The record as the live API serves it now; null when no served record holds this svc_id. */
  record: unknown;
  suppressed: boolean;
  suppressions: SubjectSuppression[];
  builds: SubjectBuild[];
  /** Every team that received the record, per endpoint, with how often and when first and last. */
  recipients: AccessLogRecipient[];
  /** The entries themselves, oldest first, at most MAX_ACCESS_LOG_ENTRIES. */
  access_log: AccessLogEntry[];
  /** True when there are more entries than listed (recipients still counts them all). */
  access_log_truncated: boolean;
}

/** A record served millions of times must not make a report of millions of lines. */
export const MAX_ACCESS_LOG_ENTRIES = 10_000;

export interface SubjectReport {
  generated_at: string;
  /** The people found; none when nothing held or suppressed answers to the identifiers. */
  people: SubjectPerson[];
}

/**
 * The people are those the identifiers name by enrichment's rules in the served build, those
 * named by svc_id, and those a suppression recorded under the same identifier hashes (so an
 * erased person is still found by the email they asked with).
 */
export async function subjectReport(db: DataSource, input: PersonIdentifiers): Promise<SubjectReport> {
  const named = normalizeIdentifiers(input);
  const resolved = await resolveIdentifiers(db, named.identifiers);
  const bySuppression = (
    (await db.query(
      `SELECT DISTINCT p.svc_id::text AS svc_id
         FROM privacy_suppressed_identifiers i
         JOIN privacy_suppressed_people p ON p.suppression_id = i.suppression_id
        WHERE (i.kind, i.hash) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
      [named.identifiers.map((i) => i.kind), named.identifiers.map((i) => i.hash)],
    )) as Array<{ svc_id: string }>
  ).map((r) => r.svc_id);
  const svcIds = [
    ...new Set([...named.svcIds, ...resolved.filter((id): id is string => id !== null), ...bySuppression]),
  ].sort();
  const served = await activeBuild(db, 'live');
  const people: SubjectPerson[] = [];
  for (const svcId of svcIds) {
    const person = await personReport(db, served?.id ?? null, svcId);
    if (
      person.record !== null ||
      person.builds.length > 0 ||
      person.suppressions.length > 0 ||
      person.recipients.length > 0
    )
      people.push(person);
  }
  return { generated_at: new Date().toISOString(), people };
}

async function personReport(db: DataSource, servedId: string | null, svcId: string): Promise<SubjectPerson> {
  const [record] = servedId
    ? ((await db.query(`SELECT record_json FROM person_records WHERE build_id = $1 AND svc_id = $2::uuid`, [
        servedId,
        svcId,
      ])) as Array<{ record_json: string }>)
    : [];
  // One primary-key probe per live build: person_records has no index on svc_id alone.
  const held = (await db.query(
    `SELECT b.id AS build_id, b.is_active FROM builds b
      WHERE NOT b.is_sandbox AND EXISTS (SELECT 1 FROM person_records r WHERE r.build_id = b.id AND r.svc_id = $1::uuid)
      ORDER BY b.created_at, b.id`,
    [svcId],
  )) as Array<{ build_id: string; is_active: boolean }>;
  const removed = (await db.query(
    `SELECT r.build_id, min(r.removed_at) AS removed_at, bool_or(b.is_active) AS is_active
       FROM privacy_removals r LEFT JOIN builds b ON b.id = r.build_id
      WHERE r.svc_id = $1::uuid GROUP BY r.build_id ORDER BY min(r.removed_at), r.build_id`,
    [svcId],
  )) as Array<{ build_id: string; removed_at: Date; is_active: boolean | null }>;
  const suppressions = (await db.query(
    `SELECT s.id, s.created_at, s.reason, s.lifted_at FROM privacy_suppressions s
      WHERE s.id IN (SELECT suppression_id FROM privacy_suppressed_people WHERE svc_id = $1::uuid) ORDER BY s.id`,
    [svcId],
  )) as Array<{ id: number; created_at: Date; reason: string | null; lifted_at: Date | null }>;
  const entries = await accessLogFor(db, [svcId], 'person', MAX_ACCESS_LOG_ENTRIES + 1);
  return {
    svc_id: svcId,
    record: record ? (JSON.parse(record.record_json) as unknown) : null,
    suppressed: suppressions.some((s) => s.lifted_at === null),
    suppressions: suppressions.map((s) => ({
      id: s.id,
      created_at: s.created_at.toISOString(),
      reason: s.reason,
      lifted_at: s.lifted_at?.toISOString() ?? null,
    })),
    builds: [
      ...held.map((b) => ({
        build_id: b.build_id,
        status: 'held' as const,
        is_active: b.is_active,
        removed_at: null,
      })),
      ...removed.map((b) => ({
        build_id: b.build_id,
        status: 'removed' as const,
        is_active: b.is_active,
        removed_at: b.removed_at.toISOString(),
      })),
    ],
    recipients: await accessLogRecipients(db, [svcId], 'person'),
    access_log: entries.slice(0, MAX_ACCESS_LOG_ENTRIES),
    access_log_truncated: entries.length > MAX_ACCESS_LOG_ENTRIES,
  };
}
