/**
 * The replay store of assertion ids: the primary key lets exactly one exchange of a `jti`
 * succeed across every auth process. Rows are kept until the assertion could no longer pass
 * the expiry check anyway, then removed by later exchanges.
 */
import { DataSource } from 'typeorm';

/** True when this call is the first use of `jti`; false for a replay. */
export async function useJtiOnce(ds: DataSource, jti: string, keepUntil: Date): Promise<boolean> {
  await ds.query(`DELETE FROM used_jtis WHERE expires_at < now()`);
  const rows: unknown[] = await ds.query(
    `INSERT INTO used_jtis (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING RETURNING jti`,
    [jti, keepUntil],
  );
  return rows.length === 1;
}
