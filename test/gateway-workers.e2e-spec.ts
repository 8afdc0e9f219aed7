import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { childrenOf } from '../scripts/processes';
import { alive, GatewayPrimary, spawnGatewayPrimary } from './gateway-primary';

/** GATEWAY_WORKERS: several gateway processes behind one port, supervised by the primary. */
describe('gateway workers (GATEWAY_WORKERS=2)', () => {
  let env: TestEnvironment;
  let gw: GatewayPrimary;
  let primary: GatewayPrimary['process'];
  let port: number;
  let lines: GatewayPrimary['lines'];
  const waitFor = (what: string, test: () => boolean, ms?: number) => gw.waitFor(what, test, ms);
  const readyPids = () => gw.readyPids();

  beforeAll(async () => {
    env = await createTestEnvironment({ REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
    gw = await spawnGatewayPrimary(env);
    ({ process: primary, port, lines } = gw);
  });

  afterAll(async () => {
    gw?.kill();
    await env?.cleanup();
  });

  it('serves one port from two worker processes under the primary', async () => {
    await waitFor('two ready workers', () => readyPids().length >= 2);
    const workers = childrenOf(primary.pid!);
    expect(workers).toHaveLength(2);
    expect(new Set(readyPids())).toEqual(new Set(workers));
    expect(workers).not.toContain(primary.pid);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/openapi.json`).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
  });

  it('replaces a worker that dies, and keeps serving', async () => {
    const [victim, survivor] = childrenOf(primary.pid!);
    process.kill(victim, 'SIGKILL');
    await waitFor('a replacement worker', () => readyPids().length >= 3);
    const workers = childrenOf(primary.pid!);
    expect(workers).toHaveLength(2);
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);
    expect(lines.some((l) => l.msg === 'gateway worker exited; starting another')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/openapi.json`)).status).toBe(200);
  });

  it('stops every worker and exits 0 on SIGTERM', async () => {
    const workers = childrenOf(primary.pid!);
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    primary.kill('SIGTERM');
    const code = await exited;
    // The processes' last log lines ride along, so a slow or failed shutdown says which and why.
    expect({ code, log: code === 0 ? [] : lines.slice(-30) }).toEqual({ code: 0, log: [] });
    await waitFor('workers gone', () => workers.every((pid) => !alive(pid)), 10_000);
  });
});
