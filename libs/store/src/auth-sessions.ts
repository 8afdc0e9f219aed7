/**
 * People's sessions at {auth_url}: looked up by the SHA-256 of the cookie's token, ended by
 * sign-out or after AUTH_SESSION_TTL_SECONDS (absolute, not sliding).
 */
import { DataSource } from 'typeorm';
import type { AccountStatus } from './values';

export const AUTH_SESSION_TTL_SECONDS = 8 * 3600;

export interface SessionAccount {
  accountId: number;
  email: string;
  status: AccountStatus;
}

/** A new session; the account's expired sessions are removed on the way. */
export async function openAuthSession(ds: DataSource, accountId: number, tokenHash: string): Promise<void> {
  await ds.query(`DELETE FROM auth_sessions WHERE account_id = $1 AND expires_at <= now()`, [accountId]);
  await ds.query(
    `INSERT INTO auth_sessions (token_hash, account_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash, accountId, AUTH_SESSION_TTL_SECONDS],
  );
}

/** The signed-in account of an unexpired session whose account is not inactive, else null. */
export async function findAuthSession(ds: DataSource, tokenHash: string): Promise<SessionAccount | null> {
  const rows: Array<{ id: number; email: string; status: AccountStatus }> = await ds.query(
    `SELECT a.id, a.email, a.status FROM auth_sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND a.status <> 'inactive'`,
    [tokenHash],
  );
  const row = rows[0];
  return row ? { accountId: row.id, email: row.email, status: row.status } : null;
}

export async function closeAuthSession(ds: DataSource, tokenHash: string): Promise<void> {
  await ds.query(`DELETE FROM auth_sessions WHERE token_hash = $1`, [tokenHash]);
}
