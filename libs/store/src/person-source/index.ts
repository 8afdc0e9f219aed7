import type { DataSource } from 'typeorm';
import type { PersonCandidate } from '@app/matching';
import { lookUpPersonKeys } from './key-hits';
import { PgPersonSource, type SourceBuild } from './pg-person-source';

export * from './key-hits';
export * from './pg-person-source';

/**
 * A source for one-off matching outside the gateway (operator commands): nothing is shared with
 * other requests, so its caches live as long as the source and its key lookups run alone.
 */
export function standalonePersonSource(db: DataSource, build: SourceBuild): PgPersonSource {
  const counts = new Map<string, number>();
  const slices = new Map<string, PersonCandidate>();
  return new PgPersonSource(
    db,
    build,
    {
      key: (b, column, value) => `${b}\u0000${column}\u0000${value}`,
      get: (key) => counts.get(key),
      set: (key, n) => void counts.set(key, n),
    },
    { get: (_b, id) => slices.get(id), set: (_b, c) => void slices.set(c.svc_id, c) },
    { find: async (b, keys) => (await lookUpPersonKeys(db, b, [keys]))[0] },
  );
}
