import type { ChildProcess } from 'node:child_process';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack } from '../search/harness';
import { killIfRunning, signalAndReap, spawnSearchWorker } from './child-worker';
import { expectOnly200Or503, summarize, loadLoops, stopLoads } from './servers';
import { billingOf, expectChargedEqualsDelivered } from './billing';

/**
 * Two search workers in the `search` queue group (one in-process, one child process from
 * dist/), searches running through the gateway, and the child stopped two ways:
 * - SIGTERM (a rolling restart): it leaves the queue group and answers what it took, so no
 *   request fails;
 * - SIGKILL: the survivor keeps answering; only requests the dead worker had already taken get
 *   503 (after the NATS request timeout).
 * Either way the credits charged are exactly the matches delivered in 200 responses.
 */
describe('faults: a search worker stopped under load', () => {
  const NATS_TIMEOUT_MS = 2000;
  const LOOPS = 4;
  const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
  let env: TestEnvironment;
  let stack: SearchStack;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
    });
    await loadTestBuilds(env, { people: 40, companies: 8, seed: 9 });
    stack = await startSearchStack(env, { name: 'worker-stop', credits: 1_000_000, tier: 'standard' });
  }, 60_000);

  beforeEach(async () => {
    child = await spawnSearchWorker(env, { SHUTDOWN_GRACE_MS: '5000' });
  }, 30_000);

  afterEach(async () => {
    await stopLoads();
    await killIfRunning(child);
  });

  afterAll(async () => {
    await stack?.close().catch(() => undefined);
    await env?.cleanup();
  });

  /** Runs search load, signals the child 2 s in, keeps going `after` ms past its exit. */
  async function stopUnderLoad(signal: NodeJS.Signals, after: number) {
    const before = await billingOf(env.db.dataSource, stack.teamId);
    const t0 = Date.now();
    const load = loadLoops(LOOPS, () => stack.post('/person/search', { query, limit: 5 }), t0);
    await new Promise((r) => setTimeout(r, 2000));
    const signalled = Date.now() - t0;
    const exitedAt = await signalAndReap(child!, signal, t0);
    await new Promise((r) => setTimeout(r, after));
    await load.stop();
    return { before, outcomes: load.outcomes, signalled, exitedAt };
  }

  it('SIGTERM: the worker drains and exits, and not one request fails', async () => {
    const { before, outcomes, signalled, exitedAt } = await stopUnderLoad('SIGTERM', 2000);
    const s = summarize(outcomes, signalled);
    if (process.env.FAULT_FIGURES)
      console.log(`search-worker-sigterm figures: ${JSON.stringify({ ...s, signalled, exitedAt })}`);

    // Nest re-raises the signal once its shutdown hooks have run; the grace timer would exit 1.
    expect(child!.exitCode === 0 || child!.signalCode === 'SIGTERM').toBe(true);
    // The drain is bounded by SHUTDOWN_GRACE_MS.
    expect(exitedAt - signalled).toBeLessThan(5000);
    expect(s.statuses).toEqual({ 200: outcomes.length });
    // Requests ran before, during and after the drain.
    expect(outcomes.filter((o) => o.at - o.ms > exitedAt).length).toBeGreaterThan(10);
    expect(s.maxMs).toBeLessThan(NATS_TIMEOUT_MS);
    await expectChargedEqualsDelivered(outcomes, env.db.dataSource, stack.teamId, before);
  }, 40_000);

  it('SIGKILL: the survivor keeps answering; only requests in flight on the dead worker get 503', async () => {
    const { before, outcomes, signalled, exitedAt } = await stopUnderLoad('SIGKILL', NATS_TIMEOUT_MS + 3000);
    const s = summarize(outcomes, signalled);
    const failed = outcomes.filter((o) => o.status !== 200);
    const figures = { ...s, killedAt: signalled, exitedAt, failedStartedAt: failed.map((o) => o.at - o.ms) };
    if (process.env.FAULT_FIGURES) console.log(`search-worker-kill figures: ${JSON.stringify(figures)}`);

    expectOnly200Or503(outcomes);
    // Only requests handed to the dead worker before nats-server saw its connection close: at most
    // one per loop (each then waits out the NATS timeout), all sent by the time the child was reaped
    // (plus slack for nats-server to drop its subscription on two busy cores).
    expect(failed.length).toBeLessThanOrEqual(LOOPS);
    for (const o of failed) expect(o.at - o.ms).toBeLessThanOrEqual(exitedAt + 500);
    expect(s.maxMs).toBeLessThan(NATS_TIMEOUT_MS + 1500);
    // The survivor kept answering.
    const afterKill = outcomes.filter((o) => o.at - o.ms > exitedAt + 500);
    expect(afterKill.length).toBeGreaterThan(20);
    expect(afterKill.every((o) => o.status === 200)).toBe(true);
    await expectChargedEqualsDelivered(outcomes, env.db.dataSource, stack.teamId, before);
  }, 40_000);
});
