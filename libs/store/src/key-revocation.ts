import { DataSource, EntityManager } from 'typeorm';
import { ApiKey } from './entities';

/** A key by its row id or by its (unique, non-secret) prefix. */
export type ApiKeySelector = { id: number } | { prefix: string };

export interface RevokedApiKey {
  key: ApiKey;
  /** True when the key had been revoked before this call (revokedAt is then the earlier time). */
  alreadyRevoked: boolean;
}

/**
 * Sets revoked_at once, under a row lock so two revocations agree on the time; revoking again
 * reports the original time. Null when no such key exists. `db` may be a caller's transaction.
 */
export async function revokeApiKey(
  db: DataSource | EntityManager,
  selector: ApiKeySelector,
): Promise<RevokedApiKey | null> {
  return db.transaction(async (em) => {
    const where = 'id' in selector ? { id: selector.id } : { prefix: selector.prefix };
    const key = await em.findOne(ApiKey, { where, lock: { mode: 'pessimistic_write' } });
    if (!key) return null;
    const alreadyRevoked = key.revokedAt !== null;
    if (!alreadyRevoked) {
      const updated = await em
        .createQueryBuilder()
        .update(ApiKey)
        .set({ revokedAt: () => 'now()' })
        .where('id = :id', { id: key.id })
        .returning('revoked_at')
        .execute();
      key.revokedAt = new Date((updated.raw as Array<{ revoked_at: Date }>)[0].revoked_at);
    }
    return { key, alreadyRevoked };
  });
}
