/**
 * Agent sign-in claims (SPEC.md's claim state table, docs/agents.md). Every transition locks the
 * claim row and uses Postgres's clock, so several auth processes agree on expiry and a claim
 * completes exactly once. Tokens and codes arrive here already hashed.
 */
import { DataSource, EntityManager } from 'typeorm';
import { sameHash } from './secrets';

/** How long a claim's link may wait to be opened, and how long a shown code stays valid. */
export const CLAIM_CODE_TTL_SECONDS = 300;
/** Wrong codes that end a claim (status failed). */
export const CLAIM_MAX_WRONG_CODES = 5;

/** How long an unconfirmed agent and its claim are kept after the claim's last code window ended. */
export const CLAIM_RETENTION_SECONDS = 24 * 60 * 60;

export interface OpenedClaim {
  claimId: string;
}

/**
 * A new agent (not yet confirmed) and its pending claim, whose link may be opened for
 * CLAIM_CODE_TTL_SECONDS, for whoever `email` names. When that is not an approved account with
 * the admin or developer role in some team, the agent has no account: a decoy nobody can
 * confirm. Either way it is this one statement writing one agent and one claim, so the answer's
 * cost does not tell which emails may approve agents (docs/agents.md).
 */
export async function openAgentClaim(
  ds: DataSource,
  input: { email: string; agentName: string; tokenHash: string; codeHash: string },
): Promise<OpenedClaim> {
  const [claim]: Array<{ id: string }> = await ds.query(
    `WITH approver AS (
       SELECT a.id FROM accounts a
        WHERE a.email = lower($1) AND a.status = 'approved'
          AND EXISTS (SELECT 1 FROM memberships m WHERE m.account_id = a.id AND m.role IN ('admin', 'developer'))
     ), agent AS (
       INSERT INTO agents (name, account_id) VALUES ($2, (SELECT id FROM approver)) RETURNING id
     )
     INSERT INTO agent_claims (agent_id, token_hash, code_hash, code_expires_at)
     SELECT id, $3, $4, now() + make_interval(secs => $5) FROM agent
     RETURNING id`,
    [input.email, input.agentName, input.tokenHash, input.codeHash, CLAIM_CODE_TTL_SECONDS],
  );
  return { claimId: claim.id };
}

/**
 * Deletes up to `batch` unconfirmed agents whose claim's last code window ended more than
 * `retentionSeconds` ago (the claim goes with its agent); answers how many. Completed claims
 * and confirmed agents are kept. The claims are locked first, and skipped when a renewal or
 * completion holds them, so a claim renewed meanwhile is not deleted.
 */
export async function purgeStaleClaims(
  ds: DataSource,
  retentionSeconds: number,
  batch: number,
): Promise<number> {
  const [, deleted]: [unknown, number] = await ds.query(
    `WITH stale AS (
       SELECT c.agent_id FROM agent_claims c
        WHERE c.status <> 'completed' AND c.code_expires_at < now() - make_interval(secs => $1)
        ORDER BY c.code_expires_at LIMIT $2
        FOR UPDATE SKIP LOCKED
     )
     DELETE FROM agents WHERE id IN (SELECT agent_id FROM stale) AND confirmed_at IS NULL`,
    [retentionSeconds, batch],
  );
  return deleted;
}

interface LockedClaim {
  id: string;
  agent_id: string;
  account_id: number;
  agent_name: string;
  status: 'pending' | 'confirmed' | 'completed' | 'failed';
  code_hash: string;
  wrong_attempts: number;
  expired: boolean;
}

async function lockClaim(
  em: EntityManager,
  column: 'id' | 'token_hash',
  value: string,
): Promise<LockedClaim | null> {
  const rows: LockedClaim[] = await em.query(
    `SELECT c.id, c.agent_id, a.account_id, a.name AS agent_name, c.status, c.code_hash, c.wrong_attempts,
            c.code_expires_at <= now() AS expired
       FROM agent_claims c JOIN agents a ON a.id = c.agent_id
      WHERE c.${column} = $1
      FOR UPDATE OF c`,
    [value],
  );
  return rows[0] ?? null;
}

export type ClaimView =
  | { kind: 'shown'; agentName: string; codeExpiresAt: Date }
  | { kind: 'not_found' | 'expired' | 'completed' | 'failed' };

/**
 * The person views the claim: a fresh code (its hash given here) replaces any earlier one, the
 * claim becomes confirmed and the code is valid CLAIM_CODE_TTL_SECONDS from now. Another
 * account's claim is `not_found`, exactly like a claim that does not exist.
 */
export async function showClaimCode(
  ds: DataSource,
  claimId: string,
  accountId: number,
  codeHash: string,
): Promise<ClaimView> {
  return ds.transaction(async (em) => {
    const claim = await lockClaim(em, 'id', claimId);
    if (!claim || claim.account_id !== accountId) return { kind: 'not_found' };
    if (claim.status === 'completed' || claim.status === 'failed') return { kind: claim.status };
    if (claim.expired) return { kind: 'expired' };
    // An UPDATE answers [rows, affected count] through TypeORM's Postgres driver.
    const [[row]]: [Array<{ code_expires_at: Date }>, number] = await em.query(
      `UPDATE agent_claims
          SET code_hash = $2, status = 'confirmed', confirmed_at = coalesce(confirmed_at, now()),
              code_expires_at = now() + make_interval(secs => $3)
        WHERE id = $1 RETURNING code_expires_at`,
      [claim.id, codeHash, CLAIM_CODE_TTL_SECONDS],
    );
    return { kind: 'shown', agentName: claim.agent_name, codeExpiresAt: new Date(row.code_expires_at) };
  });
}

export type ClaimCompletion =
  | { kind: 'completed'; agentId: string; accountId: number }
  | { kind: 'wrong_code'; attemptsLeft: number }
  | { kind: 'unknown' | 'not_confirmed' | 'expired' | 'already_completed' | 'failed' };

/**
 * The agent sends the code it was read. Pending claims answer `not_confirmed` whatever the code
 * (the person has not seen one); a wrong code on a confirmed claim counts, and the
 * CLAIM_MAX_WRONG_CODES-th fails the claim; the right one completes it and confirms the agent.
 */
export async function completeAgentClaim(
  ds: DataSource,
  tokenHash: string,
  codeHash: string,
): Promise<ClaimCompletion> {
  return ds.transaction(async (em) => {
    const claim = await lockClaim(em, 'token_hash', tokenHash);
    if (!claim) return { kind: 'unknown' };
    if (claim.status === 'completed') return { kind: 'already_completed' };
    if (claim.status === 'failed') return { kind: 'failed' };
    if (claim.status === 'pending') return { kind: 'not_confirmed' };
    if (claim.expired) return { kind: 'expired' };
    if (!sameHash(claim.code_hash, codeHash)) {
      const attempts = claim.wrong_attempts + 1;
      const failed = attempts >= CLAIM_MAX_WRONG_CODES;
      await em.query(`UPDATE agent_claims SET wrong_attempts = $2, status = $3 WHERE id = $1`, [
        claim.id,
        attempts,
        failed ? 'failed' : 'confirmed',
      ]);
      return failed
        ? { kind: 'failed' }
        : { kind: 'wrong_code', attemptsLeft: CLAIM_MAX_WRONG_CODES - attempts };
    }
    await em.query(`UPDATE agent_claims SET status = 'completed', completed_at = now() WHERE id = $1`, [
      claim.id,
    ]);
    await em.query(`UPDATE agents SET confirmed_at = now() WHERE id = $1`, [claim.agent_id]);
    return { kind: 'completed', agentId: claim.agent_id, accountId: claim.account_id };
  });
}

export type ClaimRenewal =
  { kind: 'renewed'; claimId: string } | { kind: 'unknown' | 'completed' | 'failed' };

/**
 * A new code window for a claim that is still open: back to pending (the person views the link
 * again), the earlier code stops working; wrong attempts are kept, so renewing never resets the
 * CLAIM_MAX_WRONG_CODES budget.
 */
export async function renewAgentClaim(
  ds: DataSource,
  tokenHash: string,
  codeHash: string,
): Promise<ClaimRenewal> {
  return ds.transaction(async (em) => {
    const claim = await lockClaim(em, 'token_hash', tokenHash);
    if (!claim) return { kind: 'unknown' };
    if (claim.status === 'completed' || claim.status === 'failed') return { kind: claim.status };
    await em.query(
      `UPDATE agent_claims
          SET status = 'pending', code_hash = $2, confirmed_at = NULL,
              code_expires_at = now() + make_interval(secs => $3)
        WHERE id = $1`,
      [claim.id, codeHash, CLAIM_CODE_TTL_SECONDS],
    );
    return { kind: 'renewed', claimId: claim.id };
  });
}
