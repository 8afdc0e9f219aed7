import type { DataSource, EntityManager } from 'typeorm';
import type { Entity } from '@app/contracts';

/** One returned record as the access log holds it, with the team's name for a report. */
export interface AccessLogEntry {
  /** ISO 8601, UTC, microseconds: `2026-11-29T06:26:19.123456Z`. */
  at: string;
  svc_id: string;
  entity: string;
  team_id: number;
  /** The team's current name; null if the team row is gone (the log keeps its id). */
  team: string | null;
  api_key_id: number | null;
  endpoint: string;
  request_id: string | null;
}

/**
 * Who was given these records, oldest first: every access row of the svc_ids (of one entity, if
 * named). Served by the (svc_id, at) index of each day that is over; the day in progress, not
 * yet indexed, is read whole (docs/access-log.md).
 */
export async function accessLogFor(
  db: DataSource | EntityManager,
  svcIds: readonly string[],
  entity?: Entity,
  limit: number | null = null,
): Promise<AccessLogEntry[]> {
  if (svcIds.length === 0) return [];
  const rows: AccessLogEntry[] = await db.query(
    `SELECT to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
            a.svc_id::text AS svc_id, a.entity, a.team_id, t.name AS team, a.api_key_id,
            a.endpoint, a.request_id
       FROM access_log a LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.svc_id = ANY($1::uuid[]) AND ($2::text IS NULL OR a.entity = $2)
      ORDER BY a.at, a.svc_id, a.request_id
      LIMIT $3`,
    [svcIds, entity ?? null, limit],
  );
  return rows;
}

/** Who received these records, per team and endpoint: how often, first and last time. */
export interface AccessLogRecipient {
  team_id: number;
  team: string | null;
  endpoint: string;
  count: number;
  first_at: string;
  last_at: string;
}

/**
 * The access log of some records summed per team and endpoint: bounded by the teams and
 * endpoints, not by how often the records were served, so a report states every recipient even
 * when it lists only the first entries.
 */
export async function accessLogRecipients(
  db: DataSource | EntityManager,
  svcIds: readonly string[],
  entity?: Entity,
): Promise<AccessLogRecipient[]> {
  if (svcIds.length === 0) return [];
  const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return db.query(
    `SELECT a.team_id, t.name AS team, a.endpoint, count(*)::int AS count,
            ${iso('min(a.at)')} AS first_at, ${iso('max(a.at)')} AS last_at
       FROM access_log a LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.svc_id = ANY($1::uuid[]) AND ($2::text IS NULL OR a.entity = $2)
      GROUP BY a.team_id, t.name, a.endpoint
      ORDER BY min(a.at), a.team_id, a.endpoint`,
    [svcIds, entity ?? null],
  );
}
