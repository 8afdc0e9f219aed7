import { freePort } from '@app/testing';
import { DataSource } from 'typeorm';
import { loadConfig } from '@app/config';
import { DATABASE_TIMEOUTS, serviceDataSourceOptions, toHttpError } from '@app/server';
import { elapsed, silentListener } from './servers';

/**
 * Postgres that is unreachable, never answers, or has no free connection: the serving
 * processes' DataSource gives up within its bounds, and the error reaches the caller as 503
 * `service_unavailable` with a Retry-After, not a 500 with a stack.
 */
describe('faults: Postgres unavailable', () => {
  const base = loadConfig(process.env);
  const configAt = (url: string, poolSize = base.database.poolSize) =>
    loadConfig({ ...process.env, DATABASE_URL: url, DATABASE_POOL_SIZE: String(poolSize) });

  function expectUnavailable(error: unknown): void {
    const mapped = toHttpError(error);
    expect(mapped.status).toBe(503);
    expect(mapped.body.error).toBe('service_unavailable');
    expect(mapped.body.details).toMatchObject({ retry_after_seconds: expect.any(Number) });
    expect(mapped.unexpected).toBeUndefined();
  }

  it('refuses at once when nothing listens', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/svc`;
    const r = await elapsed(() => new DataSource(serviceDataSourceOptions(configAt(url))).initialize());
    expect(r.error).toBeDefined();
    expectUnavailable(r.error);
  });

  it('gives up on a server that accepts and never answers within the connect bound', async () => {
    const silent = await silentListener();
    try {
      const url = `postgres://postgres@127.0.0.1:${silent.port}/svc`;
      const r = await elapsed(() => new DataSource(serviceDataSourceOptions(configAt(url))).initialize());
      expect(r.error).toBeDefined();
      expect(r.ms).toBeLessThan(DATABASE_TIMEOUTS.connectMs + 1000);
      expectUnavailable(r.error);
    } finally {
      await silent.close();
    }
  });

  it('bounds the wait for a pooled connection and sets statement_timeout on every session', async () => {
    const ds = await new DataSource(serviceDataSourceOptions(configAt(base.database.url, 1))).initialize();
    try {
      expect(await ds.query('SHOW statement_timeout')).toEqual([
        { statement_timeout: `${DATABASE_TIMEOUTS.statementMs / 1000}s` },
      ]);
      const busy = ds.query(`SELECT pg_sleep(${(DATABASE_TIMEOUTS.connectMs + 1500) / 1000})`);
      const r = await elapsed(() => ds.query('SELECT 1'));
      expect(r.error).toBeDefined();
      expect(r.ms).toBeLessThan(DATABASE_TIMEOUTS.connectMs + 1000);
      expectUnavailable(r.error);
      await busy;
    } finally {
      await ds.destroy();
    }
  });

  it('maps a statement cancelled by statement_timeout to 503', async () => {
    const ds = await new DataSource(serviceDataSourceOptions(configAt(base.database.url, 1))).initialize();
    try {
      const r = await elapsed(() =>
        ds.transaction(async (m) => {
          await m.query(`SET LOCAL statement_timeout = 50`);
          await m.query('SELECT pg_sleep(1)');
        }),
      );
      expectUnavailable(r.error);
    } finally {
      await ds.destroy();
    }
  });
});
