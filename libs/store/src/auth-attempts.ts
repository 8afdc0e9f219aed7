/**
 * Attempts at the auth service's unauthenticated doors (people's sign-in, agents' identity
 * requests), counted per subject over a sliding window in Postgres so every auth process shares
 * the counts (docs/agents.md, "Limits"). An attempt is counted before the work it guards (a
 * password hash, a claim), atomically with the check, so concurrent attempts cannot all read a
 * count below the limit.
 */
import { DataSource } from 'typeorm';
import { AuthAttemptScope } from './values';

export interface AttemptLimit {
  scope: AuthAttemptScope;
  subject: string;
  /** Attempts allowed within the window; the next one is refused. */
  limit: number;
  windowSeconds: number;
}

export type AttemptOutcome =
  /** Counted under every limit; `ids` are its rows (one per limit), for forgetAttempts. */
  | { kind: 'counted'; ids: string[] }
  /** Not counted: `scope` is a limit already reached, free again in `retryAfterSeconds`. */
  | {
      kind: 'refused';
      scope: AuthAttemptScope;
      limit: number;
      windowSeconds: number;
      retryAfterSeconds: number;
    };

/**
 * Counts one attempt under every limit, or none when any limit is reached: one statement, the
 * migration's count_auth_attempt (1796450000000-AuthLimits), which serializes attempts on the
 * same subject with advisory locks for the microseconds of the count and insert. A lock wait is
 * bounded by the pool's statement_timeout (503).
 */
export async function countAttempt(ds: DataSource, limits: AttemptLimit[]): Promise<AttemptOutcome> {
  const rows: Array<{
    scope: AuthAttemptScope;
    lim: number;
    secs: number;
    n: number;
    leaves_in: number | null;
    ids: string[] | null;
  }> = await ds.query(`SELECT * FROM count_auth_attempt($1::text[], $2::text[], $3::int[], $4::int[])`, [
    limits.map((l) => l.scope),
    limits.map((l) => l.subject),
    limits.map((l) => l.limit),
    limits.map((l) => l.windowSeconds),
  ]);
  const reached = rows
    .filter((r) => r.n >= r.lim)
    .map((r) => ({ ...r, wait: Math.max(1, r.leaves_in ?? r.secs) }))
    .sort((a, b) => b.wait - a.wait);
  if (reached.length === 0) return { kind: 'counted', ids: rows[0]?.ids ?? [] };
  const [longest] = reached;
  return {
    kind: 'refused',
    scope: longest.scope,
    limit: longest.lim,
    windowSeconds: longest.secs,
    retryAfterSeconds: longest.wait,
  };
}

/**
 * Forgets an attempt's rows (`ids`) and every attempt of the given subjects: after a successful
 * sign-in the account's count starts again, and the success itself counts against nothing.
 */
export async function forgetAttempts(
  ds: DataSource,
  ids: string[],
  subjects: Array<{ scope: AuthAttemptScope; subject: string }> = [],
): Promise<void> {
  await ds.query(
    `DELETE FROM auth_attempts
      WHERE id = ANY($1::bigint[])
         OR (scope, subject) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [ids, subjects.map((s) => s.scope), subjects.map((s) => s.subject)],
  );
}

/** Deletes up to `batch` attempts older than `olderThanSeconds` (past every window); answers how many. */
export async function purgeAttempts(
  ds: DataSource,
  olderThanSeconds: number,
  batch: number,
): Promise<number> {
  const [, deleted]: [unknown, number] = await ds.query(
    `DELETE FROM auth_attempts WHERE id IN (
       SELECT id FROM auth_attempts WHERE created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [olderThanSeconds, batch],
  );
  return deleted;
}
