import type { Pool, PoolClient } from 'pg';

/** What a transaction's body decides: keep its writes and answer, or undo them and answer. */
export type TransactionEnd<T> = { commit: T } | { rollback: T };

/**
 * One connection, BEGIN, the body, then COMMIT or ROLLBACK as the body says; an error rolls
 * back and is rethrown. A broken connection is destroyed rather than returned to the pool.
 */
export async function inTransaction<T>(
  pool: Pool,
  body: (client: PoolClient) => Promise<TransactionEnd<T>>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const end = await body(client);
      await client.query('commit' in end ? 'COMMIT' : 'ROLLBACK');
      return 'commit' in end ? end.commit : end.rollback;
    } catch (error) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
