import { execFile } from 'node:child_process';
import { get } from 'node:http';
import { createServer, Server } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { appProcessEnv, createTestEnvironment, freePort, TestEnvironment } from '@app/testing';
import { GatewayPrimary, spawnGatewayPrimary } from '../gateway-primary';
import { scrape, total } from './scrape';

const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'apps', 'gateway', 'src', 'main.js');
const REQUESTS = 20;

/** A request on a connection of its own, so the cluster hands successive requests to different workers. */
function getOnce(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url}`)));
    req.on('error', reject);
  });
}

/** GATEWAY_WORKERS=2: the primary serves METRICS_PORT with both workers' metrics summed. */
describe('metrics: gateway cluster primary', () => {
  let env: TestEnvironment;
  let gw: GatewayPrimary;
  let port: number;
  let metricsPort: number;
  let lines: GatewayPrimary['lines'];
  const waitFor = (what: string, test: () => boolean, ms?: number) => gw.waitFor(what, test, ms);

  beforeAll(async () => {
    env = await createTestEnvironment({ REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
    metricsPort = await freePort();
    gw = await spawnGatewayPrimary(env, { METRICS_PORT: String(metricsPort) });
    ({ port, lines } = gw);
  }, 60_000);

  afterAll(async () => {
    await gw?.stop();
    await env?.cleanup();
  });

  it("sums both workers' requests on the primary's metrics port", async () => {
    await waitFor('two ready workers', () => lines.filter((l) => l.msg === 'gateway ready').length >= 2);
    expect(lines.some((l) => l.msg === 'gateway metrics ready')).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < REQUESTS; i++) statuses.push(await getOnce(`http://127.0.0.1:${port}/openapi.json`));
    expect(statuses).toEqual(Array.from({ length: REQUESTS }, () => 200));
    // Each request's log line names the worker that served it: both served some.
    const servedBy = (l: { msg?: string; route?: string }) =>
      l.msg === 'request' && l.route === '/openapi.json';
    await waitFor('every request logged', () => lines.filter(servedBy).length >= REQUESTS);
    const pids = new Set(lines.filter(servedBy).map((l) => l.pid));
    expect(pids.size).toBe(2);

    const samples = await scrape(metricsPort);
    expect(
      total(samples, 'http_requests_total', {
        route: '/openapi.json',
        method: 'GET',
        status: '200',
        app: 'gateway',
      }),
    ).toBe(REQUESTS);
    expect(total(samples, 'http_request_duration_seconds_count', { route: '/openapi.json' })).toBe(REQUESTS);
    expect(total(samples, 'pg_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(2);
    expect(total(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Workers bind no metrics port of their own.
    expect(lines.filter((l) => /metrics on http/.test(l.msg ?? '')).length).toBe(0);
  });
});

describe('metrics: a taken METRICS_PORT', () => {
  let holder: Server;
  let env: TestEnvironment;

  beforeAll(async () => {
    env = await createTestEnvironment();
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    await env?.cleanup();
  });

  it('fails the boot with a message naming METRICS_PORT, not a stack trace', async () => {
    const taken = (holder.address() as { port: number }).port;
    const failure = await promisify(execFile)(process.execPath, [MAIN], {
      env: appProcessEnv(env.config, {
        PORT: String(await freePort()),
        METRICS_PORT: String(taken),
        LOG_LEVEL: 'silent',
      }),
      timeout: 30_000,
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure).not.toBeNull();
    expect(failure!.code).toBe(1);
    expect(failure!.stderr).toContain(
      `METRICS_PORT ${taken} cannot be bound on 127.0.0.1:${taken} (already in use)`,
    );
    expect(failure!.stderr).not.toMatch(/\bat .*\.js:\d+/);
  }, 40_000);
});
