import type { Pool } from 'pg';
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
export async function runPrepared<T>(db: DataSource, statement: Prepared, values: unknown[]): Promise<T[]> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const result = await pool.query<T & object>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
