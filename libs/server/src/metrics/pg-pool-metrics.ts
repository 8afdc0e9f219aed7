import { Gauge, Registry } from 'prom-client';

/** What pg's Pool reports about itself (pg-pool's public counters). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * `pg_pool_connections{state}`: read from the pool when scraped, so nothing is counted per query.
 * `pool` returns null until (or unless) the process has a pool.
 */
export function registerPgPoolMetrics(registry: Registry, pool: () => PoolCounts | null): void {
  new Gauge({
    name: 'pg_pool_connections',
    help: 'Postgres pool connections: total open, idle, and callers waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = pool();
      if (!p) return;
      this.set({ state: 'total' }, p.totalCount);
      this.set({ state: 'idle' }, p.idleCount);
      this.set({ state: 'waiting' }, p.waitingCount);
    },
  });
}
