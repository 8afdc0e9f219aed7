import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { childrenOf } from '../../scripts/processes';
import { alive, GatewayPrimary, spawnGatewayPrimary } from '../gateway-primary';

/**
 * GATEWAY_WORKERS=2 and a worker whose event loop is stuck (SIGSTOP: its own shutdown timer
 * cannot fire): on SIGTERM the primary does not wait forever; after SHUTDOWN_GRACE_MS it kills
 * what is left and exits 1, so the process manager can restart it.
 */
describe('faults: the gateway primary bounds its shutdown', () => {
  const GRACE_MS = 2000;
  let env: TestEnvironment;
  let gw: GatewayPrimary;

  beforeAll(async () => {
    env = await createTestEnvironment({ REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
    gw = await spawnGatewayPrimary(env, { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    await gw.waitFor('two ready workers', () => gw.readyPids().length >= 2);
  }, 40_000);

  afterAll(async () => {
    gw?.kill();
    await env?.cleanup();
  });

  it('kills a worker that does not stop within SHUTDOWN_GRACE_MS and exits 1', async () => {
    const [stuck, healthy] = childrenOf(gw.process.pid!);
    process.kill(stuck, 'SIGSTOP');
    const t0 = Date.now();
    const exited = new Promise<number | null>((resolve) => gw.process.once('exit', (code) => resolve(code)));
    gw.process.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<string>((r) => setTimeout(() => r('still running'), 10_000)),
    ]);
    const took = Date.now() - t0;
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(GRACE_MS);
    expect(took).toBeLessThan(GRACE_MS + 3000);
    await gw.waitFor('workers gone', () => !alive(stuck) && !alive(healthy), 5000);
    expect(
      gw.lines.some((l) => l.msg === 'gateway workers did not stop within SHUTDOWN_GRACE_MS; killing them'),
    ).toBe(true);
  }, 30_000);
});
