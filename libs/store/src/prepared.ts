import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/** A statement run often enough to be worth preparing once per connection. */
export interface Prepared {
  /** Unique per SQL text in the process: Postgres keeps one plan per name and connection. */
  name: string;
  text: string;
}

/**
 * Runs a prepared statement on the DataSource's own pg pool, skipping TypeORM's query runner.
 * Hot paths (a request's key lookup, its charge) pay parse and plan once per pooled connection
 * instead of on every call, and none of the runner's bookkeeping. Plans follow schema changes
 * (Postgres replans a statement whose tables changed).
 */
export async function runPrepared<T>(
  on: DataSource | PoolClient,
  statement: Prepared,
  values: unknown[],
): Promise<T[]> {
  // A client is a connection inside the caller's own transaction (the job runner's chunk commit).
  const target = 'driver' in on ? poolOf(on) : on;
  const result = await target.query<T & object>({ name: statement.name, text: statement.text, values });
  return result.rows;
}

/** The DataSource's own pg pool: for statements that need one connection across several round trips. */
export function poolOf(db: DataSource): Pool {
  return (db.driver as unknown as { master: Pool }).master;
}
