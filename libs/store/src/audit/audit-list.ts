/** Reading the audit log back (audit:list): newest first, by time, team and action. */
import { DataSource, EntityManager } from 'typeorm';

export interface AuditFilter {
  /** Rows at or after this time. */
  since?: Date;
  teamId?: number;
  /** An action (`key.revoke`) or a group of them (`key`: every `key.*`). */
  action?: string;
  limit: number;
}

export interface AuditRecord {
  id: number;
  at: Date;
  actor: { kind: string; id: string; name: string | null };
  action: string;
  team_id: number | null;
  target: string | null;
  before: unknown;
  after: unknown;
}

interface AuditRow {
  id: string;
  at: Date;
  actor_kind: string;
  actor_id: string;
  actor_name: string | null;
  action: string;
  team_id: number | null;
  target: string | null;
  before: unknown;
  after: unknown;
}

export async function listAudit(db: DataSource | EntityManager, filter: AuditFilter): Promise<AuditRecord[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.since) where.push(`at >= ${param(filter.since)}`);
  if (filter.teamId !== undefined) where.push(`team_id = ${param(filter.teamId)}`);
  if (filter.action !== undefined) {
    const action = param(filter.action);
    // A group is the actions' prefix up to a dot (compared as text, not LIKE: `_` is in names).
    where.push(`(action = ${action} OR left(action, length(${action}) + 1) = ${action} || '.')`);
  }
  const rows: AuditRow[] = await db.query(
    `SELECT id, at, actor_kind, actor_id, actor_name, action, team_id, target, before, after
       FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY at DESC, id DESC
      LIMIT ${param(filter.limit)}`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
    action: r.action,
    team_id: r.team_id,
    target: r.target,
    before: r.before,
    after: r.after,
  }));
}
