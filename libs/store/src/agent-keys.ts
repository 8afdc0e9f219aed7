/**
 * Agent keys (SPEC, "Agent sign-in and key issuance" and Authentication 5): issued by POST
 * /agent/key to an agent a person approved, billing one of that person's teams; revoked when the
 * agent asks again (replacement), when the person disconnects it, loses the admin/developer role
 * in the team or leaves. Every revoking function returns the revoked keys' secret hashes so the
 * caller can broadcast them (libs/server broadcastKeyRevocations) and gateways evict them at once.
 */
import { DataSource, EntityManager } from 'typeorm';
import { AGENT_KEY_ENDPOINTS } from '@app/contracts';
import { ApiKey } from './entities';
import { isUniqueViolation } from './errors';
import { spentSql, UTC_DAY_SQL, UTC_MONTH_SQL } from './key-caps';
import { generateApiKey } from './keys';
import type { AccountStatus, MembershipRole } from './values';

type Db = DataSource | EntityManager;

/** Roles whose holders may approve agents and create keys with them (SPEC, Authentication 5). */
export const KEY_CREATING_ROLES: readonly MembershipRole[] = Object.freeze(['admin', 'developer']);

/** Why a person may not create an agent key billing a team. */
export type KeyRefusalReason =
  'account_pending' | 'account_inactive' | 'not_a_member' | 'role_cannot_create_keys';

/** The account's own state, whatever the team: pending approval or inactive (suspended). */
export function accountRefusal(status: AccountStatus): KeyRefusalReason | null {
  if (status === 'pending') return 'account_pending';
  if (status !== 'approved') return 'account_inactive';
  return null;
}

/** The person's role in the team the key would bill; null when not a member of it. */
export function roleRefusal(role: MembershipRole | null): KeyRefusalReason | null {
  if (role === null) return 'not_a_member';
  return KEY_CREATING_ROLES.includes(role) ? null : 'role_cannot_create_keys';
}

export class AgentKeyRefusedError extends Error {
  constructor(readonly reason: KeyRefusalReason) {
    super(`agent key refused: ${reason}`);
    this.name = 'AgentKeyRefusedError';
  }
}

/** The agent is unknown, its claim never completed, it was disconnected, or it is another person's. */
export class AgentNotActiveError extends Error {
  constructor() {
    super('the agent is unknown, not claimed, disconnected, or approved by another account');
    this.name = 'AgentNotActiveError';
  }
}

/** disconnectAgent: no agent with this id was approved by this account. */
export class AgentNotFoundError extends Error {
  constructor(readonly agentId: string) {
    super(`agent ${agentId} not found for this account`);
    this.name = 'AgentNotFoundError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the agent may get a key: approved by this account, its claim completed (confirmed_at),
 * not disconnected. `lock` holds its row until the transaction ends, so two requests of one
 * agent, or a request and a disconnect, take turns.
 */
export async function isAgentActive(
  db: Db,
  agentId: string,
  accountId: number,
  lock = false,
): Promise<boolean> {
  if (!UUID.test(agentId)) return false;
  const rows: unknown[] = await db.query(
    `SELECT 1 FROM agents
      WHERE id = $1 AND account_id = $2 AND confirmed_at IS NOT NULL AND disconnected_at IS NULL
      ${lock ? 'FOR UPDATE' : ''}`,
    [agentId, accountId],
  );
  return rows.length > 0;
}

export interface ApproverTeam {
  id: number;
  name: string;
  role: MembershipRole;
}

export interface KeyApprover {
  status: AccountStatus;
  /** Every team the person belongs to, by id. */
  teams: ApproverTeam[];
}

/** The approving person's account state and teams; null when the account no longer exists. */
export async function findKeyApprover(db: Db, accountId: number): Promise<KeyApprover | null> {
  const rows: Array<{
    status: AccountStatus;
    id: number | null;
    name: string | null;
    role: MembershipRole | null;
  }> = await db.query(
    `SELECT a.status, t.id, t.name, m.role
         FROM accounts a
         LEFT JOIN memberships m ON m.account_id = a.id
         LEFT JOIN teams t ON t.id = m.team_id
        WHERE a.id = $1
        ORDER BY t.id`,
    [accountId],
  );
  if (rows.length === 0) return null;
  const teams = rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, name: r.name!, role: r.role! }));
  return { status: rows[0].status, teams };
}

export interface AgentKeyRequest {
  agentId: string;
  /** The approving person (the token's subject); recorded as created_by_account_id. */
  accountId: number;
  /** The team the key bills. */
  teamId: number;
}

export interface IssuedAgentKey {
  /** Shown once; only its SHA-256 is stored. */
  key: string;
  /** Secret hashes of the agent's keys this replaced: broadcast them. */
  revokedHashes: string[];
}

/**
 * The caps a new agent key of the team starts with (the team's defaults) and the spend it
 * inherits: what the agent's earlier keys of the team spent in the current day and month. Read
 * after those keys were revoked (their rows locked), so a charge committed on them just before
 * is counted.
 */
async function agentKeyCaps(em: EntityManager, agentId: string, teamId: number): Promise<Partial<ApiKey>> {
  const [row] = (await em.query(
    `SELECT t.agent_key_daily_cap AS daily_cap, t.agent_key_monthly_cap AS monthly_cap,
            ${UTC_DAY_SQL}::text AS day, ${UTC_MONTH_SQL}::text AS month,
            (SELECT coalesce(sum(${spentSql('k', 'day')}), 0) FROM api_keys k
              WHERE k.agent_id = $1 AND k.team_id = t.id)::bigint AS day_spent,
            (SELECT coalesce(sum(${spentSql('k', 'month')}), 0) FROM api_keys k
              WHERE k.agent_id = $1 AND k.team_id = t.id)::bigint AS month_spent
       FROM teams t WHERE t.id = $2`,
    [agentId, teamId],
  )) as Array<{
    daily_cap: number | null;
    monthly_cap: number | null;
    day: string;
    month: string;
    day_spent: string;
    month_spent: string;
  }>;
  if (!row) return {};
  return {
    dailyCap: row.daily_cap,
    monthlyCap: row.monthly_cap,
    spendDay: row.day,
    spendDayCredits: Number(row.day_spent),
    spendMonth: row.month,
    spendMonthCredits: Number(row.month_spent),
  };
}

/**
 * Replaces the agent's key: in one transaction, with the agent row locked and the person's
 * account and membership of the team share-locked (so a concurrent role change or removal waits
 * for this and then revokes the new key too, or this waits and sees it), checks the agent and
 * the person again, revokes the agent's unrevoked keys and inserts a kind 'agent' key limited to
 * AGENT_KEY_ENDPOINTS, with the team's agent-key caps and what the agent's keys of this team
 * already spent today and this month, so asking for a new key never starts the caps afresh.
 * Throws AgentNotActiveError or AgentKeyRefusedError; nothing changes then.
 */
export async function issueAgentKey(ds: DataSource, request: AgentKeyRequest): Promise<IssuedAgentKey> {
  for (let attempt = 1; ; attempt++) {
    const generated = generateApiKey();
    try {
      return await ds.transaction(async (em) => {
        if (!(await isAgentActive(em, request.agentId, request.accountId, true)))
          throw new AgentNotActiveError();
        const refusal = await lockedRefusal(em, request.accountId, request.teamId);
        if (refusal) throw new AgentKeyRefusedError(refusal);
        const revokedHashes = await revokeAgentKeys(em, { agentId: request.agentId });
        await em.insert(ApiKey, {
          teamId: request.teamId,
          prefix: generated.prefix,
          secretHash: generated.secretHash,
          endpoints: [...AGENT_KEY_ENDPOINTS],
          kind: 'agent',
          agentId: request.agentId,
          createdByAccountId: request.accountId,
          ...(await agentKeyCaps(em, request.agentId, request.teamId)),
        });
        return { key: generated.apiKey, revokedHashes };
      });
    } catch (error) {
      // A prefix collision (1 in ~10^14) rolled the whole transaction back: try again with a new key.
      if (attempt < 3 && isUniqueViolation(error, 'idx_api_keys_prefix')) continue;
      throw error;
    }
  }
}

async function lockedRefusal(
  em: EntityManager,
  accountId: number,
  teamId: number,
): Promise<KeyRefusalReason | null> {
  const [account]: Array<{ status: AccountStatus }> = await em.query(
    `SELECT status FROM accounts WHERE id = $1 FOR SHARE`,
    [accountId],
  );
  if (!account) throw new AgentNotActiveError();
  const [membership]: Array<{ role: MembershipRole }> = await em.query(
    `SELECT role FROM memberships WHERE account_id = $1 AND team_id = $2 FOR SHARE`,
    [accountId, teamId],
  );
  return accountRefusal(account.status) ?? roleRefusal(membership?.role ?? null);
}

/** Which agent keys to revoke: one agent's, or those a person approved (for one team, or all). */
export type AgentKeySelector = { agentId: string } | { approvedBy: number; teamId?: number };

/** Revokes the matching unrevoked agent keys; returns their secret hashes (to broadcast). */
export async function revokeAgentKeys(db: Db, where: AgentKeySelector): Promise<string[]> {
  let condition: string;
  let params: unknown[];
  if ('agentId' in where) {
    if (!UUID.test(where.agentId)) return [];
    [condition, params] = ['agent_id = $1', [where.agentId]];
  } else if (where.teamId === undefined) {
    [condition, params] = ['created_by_account_id = $1', [where.approvedBy]];
  } else {
    [condition, params] = ['created_by_account_id = $1 AND team_id = $2', [where.approvedBy, where.teamId]];
  }
  // A CTE, so the driver answers rows whatever the statement (a bare UPDATE comes back as [rows, count]).
  const rows: Array<{ secret_hash: string }> = await db.query(
    `WITH revoked AS (
       UPDATE api_keys SET revoked_at = now()
        WHERE kind = 'agent' AND revoked_at IS NULL AND ${condition}
        RETURNING secret_hash)
     SELECT secret_hash FROM revoked`,
    params,
  );
  return rows.map((r) => r.secret_hash);
}

/**
 * The person disconnects an agent they approved (connected-apps page): disconnected_at is set
 * once (a second call keeps the first time) and its keys are revoked, in one transaction.
 * AgentNotFoundError when the agent is not this account's. `db` may be a caller's transaction.
 */
export async function disconnectAgent(db: Db, agentId: string, accountId: number): Promise<string[]> {
  if (!UUID.test(agentId)) throw new AgentNotFoundError(agentId);
  return db.transaction(async (em) => {
    const found: unknown[] = await em.query(
      `WITH d AS (
         UPDATE agents SET disconnected_at = coalesce(disconnected_at, now())
          WHERE id = $1 AND account_id = $2
          RETURNING id)
       SELECT id FROM d`,
      [agentId, accountId],
    );
    if (found.length === 0) throw new AgentNotFoundError(agentId);
    return revokeAgentKeys(em, { agentId });
  });
}
