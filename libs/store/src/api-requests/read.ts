import type { DataSource } from 'typeorm';

export type UsageGrouping = 'day' | 'endpoint' | 'key';

/** One team's usage in [from, to). */
export interface UsageWindow {
  teamId: number;
  from: Date;
  to: Date;
}

/** What usage and credit_ledger say of a group: the authoritative figures. */
export interface ChargedGroup {
  /** The UTC day, the key id, or the endpoint: a request's endpoint name, or for a charge no
   * request row names, the path usage.endpoint holds (`/person/enrich/jobs`). */
  group: string | null;
  credits: number;
  matches: number;
}

/** What api_requests says of a group. */
export interface RequestedGroup {
  group: string | null;
  requests: number;
  errors: number;
}

const UTC_DAY = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * Credits and matches per group from usage, a row per charged call (misses included, at 0). By
 * endpoint, each charge takes the endpoint of the request that made it (joined on its charge id),
 * so an MCP tool call's charge counts under `mcp:<tool>` as its request does; a charge without a
 * request row (a job's chunks, a row dropped or purged) keeps usage's own endpoint path.
 */
export async function chargedGroups(
  db: DataSource,
  window: UsageWindow,
  by: UsageGrouping,
): Promise<ChargedGroup[]> {
  const group =
    by === 'day'
      ? UTC_DAY('u.created_at')
      : by === 'key'
        ? 'u.api_key_id::text'
        : 'coalesce(a.endpoint, u.endpoint)';
  // The request of a charge is answered around its charge; an hour either side finds it.
  const join =
    by === 'endpoint'
      ? `LEFT JOIN api_requests a ON a.team_id = u.team_id AND a.charge_id = u.charge_id
           AND a.created_at >= $2::timestamptz - interval '1 hour' AND a.created_at < $3::timestamptz + interval '1 hour'`
      : '';
  const rows = (await db.query(
    `SELECT ${group} AS "group", sum(u.credits)::bigint AS credits, sum(u.match_count)::bigint AS matches
       FROM usage u ${join}
      WHERE u.team_id = $1 AND u.created_at >= $2 AND u.created_at < $3
      GROUP BY 1`,
    [window.teamId, window.from.toISOString(), window.to.toISOString()],
  )) as Array<{ group: string | null; credits: string; matches: string }>;
  return rows.map((r) => ({ group: r.group, credits: Number(r.credits), matches: Number(r.matches) }));
}

/** Requests and errors (answers of 400 or more) per group, from api_requests. */
export async function requestedGroups(
  db: DataSource,
  window: UsageWindow,
  by: UsageGrouping,
): Promise<RequestedGroup[]> {
  const group = by === 'day' ? UTC_DAY('created_at') : by === 'key' ? 'api_key_id::text' : 'endpoint';
  const rows = (await db.query(
    `SELECT ${group} AS "group", count(*)::bigint AS requests,
            count(*) FILTER (WHERE status >= 400)::bigint AS errors
       FROM api_requests
      WHERE team_id = $1 AND created_at >= $2 AND created_at < $3
      GROUP BY 1`,
    [window.teamId, window.from.toISOString(), window.to.toISOString()],
  )) as Array<{ group: string | null; requests: string; errors: string }>;
  return rows.map((r) => ({ group: r.group, requests: Number(r.requests), errors: Number(r.errors) }));
}

/** The prefixes of a team's keys (revoked ones too); a key of another team is never named. */
export async function keyPrefixes(
  db: DataSource,
  teamId: number,
  keyIds: readonly number[],
): Promise<Map<number, string>> {
  if (keyIds.length === 0) return new Map();
  const rows = (await db.query(`SELECT id, prefix FROM api_keys WHERE team_id = $1 AND id = ANY($2::int[])`, [
    teamId,
    keyIds,
  ])) as Array<{ id: number; prefix: string }>;
  return new Map(rows.map((r) => [r.id, r.prefix]));
}

export interface ApiRequestFilter extends UsageWindow {
  endpoint: string | null;
  apiKeyId: number | null;
}

/** Where a page of events starts: after this (created_at, id), going back in time. */
export interface ApiRequestPosition {
  /** ISO 8601 with microseconds, as Postgres holds it. */
  at: string;
  id: string;
}

export interface ApiRequestEvent {
  id: string;
  at: string;
  request_id: string;
  method: string;
  endpoint: string;
  status: number;
  credits: number;
  sandbox: boolean;
  api_key_id: number | null;
  key_prefix: string | null;
}

/**
 * A page of a team's requests, newest first: keyset on (created_at, id), which the
 * (team_id, created_at, id) index serves for any page. Two statements rather than an optional
 * condition, so a generic plan never loses the index bound.
 */
export async function apiRequestPage(
  db: DataSource,
  filter: ApiRequestFilter,
  after: ApiRequestPosition | null,
  limit: number,
): Promise<ApiRequestEvent[]> {
  const values: unknown[] = [
    filter.teamId,
    filter.from.toISOString(),
    filter.to.toISOString(),
    filter.endpoint,
    filter.apiKeyId,
    limit,
  ];
  if (after) values.push(after.at, after.id);
  return (await db.query(
    `SELECT a.id::text AS id,
            to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
            a.request_id, a.method, a.endpoint, a.status::int AS status, a.credits, a.sandbox,
            a.api_key_id, k.prefix AS key_prefix
       FROM api_requests a LEFT JOIN api_keys k ON k.id = a.api_key_id AND k.team_id = a.team_id
      WHERE a.team_id = $1 AND a.created_at >= $2 AND a.created_at < $3
        AND ($4::text IS NULL OR a.endpoint = $4) AND ($5::int IS NULL OR a.api_key_id = $5)
        ${after ? 'AND (a.created_at, a.id) < ($7::timestamptz, $8::bigint)' : ''}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT $6`,
    values,
  )) as ApiRequestEvent[];
}
