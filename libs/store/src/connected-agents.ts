/** What the connected-apps page lists: a person's approved, still-connected agents. */
import { DataSource, EntityManager } from 'typeorm';

export interface ConnectedAgent {
  id: string;
  name: string;
  /** The team the agent's active key bills; null before the agent has fetched a key. */
  team: { id: number; name: string } | null;
  approvedAt: Date;
  /** The later of the agent's last token exchange and its key's last use. */
  lastUsedAt: Date | null;
}

export async function listConnectedAgents(ds: DataSource, accountId: number): Promise<ConnectedAgent[]> {
  const rows: Array<{
    id: string;
    name: string;
    confirmed_at: Date;
    last_used_at: Date | null;
    team_id: number | null;
    team_name: string | null;
  }> = await ds.query(
    `SELECT ag.id, ag.name, ag.confirmed_at, greatest(ag.last_used_at, k.last_used_at) AS last_used_at,
            t.id AS team_id, t.name AS team_name
       FROM agents ag
       LEFT JOIN api_keys k ON k.agent_id = ag.id AND k.revoked_at IS NULL
       LEFT JOIN teams t ON t.id = k.team_id
      WHERE ag.account_id = $1 AND ag.confirmed_at IS NOT NULL AND ag.disconnected_at IS NULL
      ORDER BY ag.confirmed_at DESC, ag.id`,
    [accountId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    team: r.team_id === null ? null : { id: r.team_id, name: r.team_name ?? '' },
    approvedAt: new Date(r.confirmed_at),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
  }));
}

/**
 * The agent when it belongs to the account and is still connected (null otherwise), with the team
 * its active key bills. `lock` holds its row until the caller's transaction ends, so of two
 * disconnects at once only the first finds it connected (and records it in the audit log).
 */
export async function findConnectedAgent(
  db: DataSource | EntityManager,
  agentId: string,
  accountId: number,
  opts: { lock?: boolean } = {},
): Promise<{ id: string; name: string; teamId: number | null } | null> {
  const rows: Array<{ id: string; name: string; team_id: number | null }> = await db.query(
    `SELECT ag.id, ag.name, k.team_id FROM agents ag
       LEFT JOIN api_keys k ON k.agent_id = ag.id AND k.revoked_at IS NULL
      WHERE ag.id = $1 AND ag.account_id = $2 AND ag.confirmed_at IS NOT NULL AND ag.disconnected_at IS NULL
      ${opts.lock ? 'FOR UPDATE OF ag' : ''}`,
    [agentId, accountId],
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, teamId: row.team_id } : null;
}

/** Marks an agent used (its token exchange); true when it is still connected and its account's. */
export async function touchConnectedAgent(
  ds: DataSource,
  agentId: string,
  accountId: number,
): Promise<boolean> {
  const [, count] = (await ds.query(
    `UPDATE agents SET last_used_at = now()
      WHERE id = $1 AND account_id = $2 AND confirmed_at IS NOT NULL AND disconnected_at IS NULL`,
    [agentId, accountId],
  )) as [unknown, number];
  return count === 1;
}
