import { DataSource } from 'typeorm';
import { loadConfig } from '@app/config';
import { checkPostgres, HEALTH_CHECK_TIMEOUT_MS, serviceDataSourceOptions } from '@app/server';
import { elapsed } from './servers';

/** /health answers within its bound even when Postgres has no connection to spare. */
describe('faults: health checks are bounded', () => {
  it('reports Postgres down within the health timeout when the pool is exhausted', async () => {
    const config = loadConfig({ ...process.env, DATABASE_POOL_SIZE: '1' });
    const ds = await new DataSource(serviceDataSourceOptions(config)).initialize();
    try {
      const busy = ds.query('SELECT pg_sleep(4)');
      const r = await elapsed(() => checkPostgres(ds));
      expect(r.value).toMatchObject({ status: 'down' });
      expect(r.ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 500);
      await busy;
    } finally {
      await ds.destroy();
    }
  });
});
