/**
 * The audit log: one append-only row per operator or admin action (who, what, when, before and
 * after). The table refuses UPDATE, DELETE and TRUNCATE (migration AuditLog1796850000000), so a
 * row once written stays. Write the row with the action's own EntityManager so the two commit or
 * fail together; a failed action records nothing.
 */
import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { DataSource, EntityManager } from 'typeorm';

export type AuditActor =
  /** The OS user running the CLI (see cliActor()). */
  | { kind: 'cli'; user: string }
  /** A non-secret id of the OPERATOR_TOKEN: the first 12 hex characters of sha256(token). */
  | { kind: 'operator_token'; id: string }
  /** A signed-in person (auth app). */
  | { kind: 'account'; id: number; email?: string };

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted, e.g. 'team.create', 'key.revoke', 'credits.add', 'member.set_role'. */
  action: string;
  teamId?: number | null;
  /** What was acted on, e.g. 'key:12', 'account:5', 'build:v1_2026-11-29'. */
  target?: string | null;
  /** JSON, where it applies. Never secrets: no key plaintext, passwords, tokens or secret hashes. */
  before?: unknown;
  after?: unknown;
}

/**
 * The actor as stored: the id is text so every kind fits one column; the name is an account's
 * email at the time (the id stays the key, since an email can change).
 */
export function actorColumns(actor: AuditActor): { kind: string; id: string; name: string | null } {
  switch (actor.kind) {
    case 'cli':
      return { kind: 'cli', id: actor.user, name: null };
    case 'operator_token':
      return { kind: 'operator_token', id: actor.id, name: null };
    case 'account':
      return { kind: 'account', id: String(actor.id), name: actor.email ?? null };
  }
}

/** jsonb parameter: undefined (does not apply) is stored as SQL NULL, not JSON null. */
function jsonParam(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** Appends one audit row; pass the action's EntityManager to write it in the same transaction. */
export async function appendAudit(db: DataSource | EntityManager, entry: AuditEntry): Promise<void> {
  const actor = actorColumns(entry.actor);
  await db.query(
    `INSERT INTO audit_log (actor_kind, actor_id, actor_name, action, team_id, target, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      actor.kind,
      actor.id,
      actor.name,
      entry.action,
      entry.teamId ?? null,
      entry.target ?? null,
      jsonParam(entry.before),
      jsonParam(entry.after),
    ],
  );
}

/** The person running the CLI: under sudo, who ran sudo rather than root. An empty variable counts as unset. */
export function cliActor(env: NodeJS.ProcessEnv = process.env): AuditActor {
  const user = env.SUDO_USER || env.USER || env.LOGNAME || userInfo().username;
  return { kind: 'cli', user };
}

/** The operator token as an actor: a short hash prefix names it without revealing it. */
export function operatorTokenActor(token: string): AuditActor {
  return { kind: 'operator_token', id: createHash('sha256').update(token).digest('hex').slice(0, 12) };
}
