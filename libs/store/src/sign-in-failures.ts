/**
 * Failed sign-ins, counted per email tried and per client address over a window; in Postgres so
 * every auth process sees the same counts (docs/agents.md, "Sign-in throttling").
 */
import { DataSource } from 'typeorm';

export interface RecentFailures {
  byEmail: number;
  byClient: number;
  /** Seconds until the oldest counted failure leaves the window (0 when there is none). */
  oldestLeavesInSeconds: { email: number; client: number };
}

export async function recentSignInFailures(
  ds: DataSource,
  email: string,
  client: string,
  windowSeconds: number,
): Promise<RecentFailures> {
  const [row]: Array<Record<string, string | number | null>> = await ds.query(
    `WITH w AS (SELECT now() - make_interval(secs => $3) AS since)
     SELECT
       (SELECT count(*) FROM sign_in_failures, w WHERE email = $1 AND created_at > w.since)::int AS by_email,
       (SELECT count(*) FROM sign_in_failures, w WHERE client = $2 AND created_at > w.since)::int AS by_client,
       (SELECT ceil(extract(epoch FROM min(created_at) - w.since)) FROM sign_in_failures, w
         WHERE email = $1 AND created_at > w.since GROUP BY w.since) AS email_left,
       (SELECT ceil(extract(epoch FROM min(created_at) - w.since)) FROM sign_in_failures, w
         WHERE client = $2 AND created_at > w.since GROUP BY w.since) AS client_left`,
    [email, client, windowSeconds],
  );
  return {
    byEmail: Number(row.by_email),
    byClient: Number(row.by_client),
    oldestLeavesInSeconds: { email: Number(row.email_left ?? 0), client: Number(row.client_left ?? 0) },
  };
}

/** One more failure; rows of this email and client older than the window are dropped on the way. */
export async function recordSignInFailure(
  ds: DataSource,
  email: string,
  client: string,
  windowSeconds: number,
): Promise<void> {
  await ds.query(
    `DELETE FROM sign_in_failures
      WHERE (email = $1 OR client = $2) AND created_at <= now() - make_interval(secs => $3)`,
    [email, client, windowSeconds],
  );
  await ds.query(`INSERT INTO sign_in_failures (email, client) VALUES ($1, $2)`, [email, client]);
}

/** After a successful sign-in the account's count starts again (the address's does not). */
export async function clearSignInFailures(ds: DataSource, email: string): Promise<void> {
  await ds.query(`DELETE FROM sign_in_failures WHERE email = $1`, [email]);
}
