import { createTestEnvironment, TestEnvironment, freePort } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack } from '../search/harness';
import {
  ownNats,
  OwnNats,
  expectOnly200Or503,
  summarize,
  loadLoops,
  stopLoads,
  untilServedAgain,
} from './servers';
import { billingOf, expectChargedEqualsDelivered } from './billing';

/**
 * nats-server stopped and started again while searches run through gateway → NATS → search
 * worker (both in-process, on an own nats-server on a free port): callers get only 200 or 503
 * with Retry-After, none waits past the NATS request timeout, both reconnect on their own, and
 * the credits charged are exactly the matches delivered in 200 responses.
 */
describe('faults: NATS restarted under load', () => {
  const NATS_TIMEOUT_MS = 2000;
  const RECOVERY_BOUND_MS = 20_000;
  /**
   * The steps' own bounds summed (load 1.5 s, stop, 3 s down, ownNats' 5 s start, recovery, the
   * last in-flight requests' NATS timeout) plus 15 s for the stop and the ledger on a busy box.
   */
  const TEST_TIMEOUT_MS = 1500 + 3000 + 5000 + RECOVERY_BOUND_MS + NATS_TIMEOUT_MS + 15_000;
  const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
  let nats: OwnNats;
  let env: TestEnvironment;
  let stack: SearchStack;

  beforeAll(async () => {
    nats = await ownNats(await freePort());
    env = await createTestEnvironment({
      NATS_URL: nats.url,
      NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
    });
    await loadTestBuilds(env, { people: 40, companies: 8, seed: 5 });
    stack = await startSearchStack(env, { name: 'nats-restart', credits: 1_000_000, tier: 'standard' });
  }, 60_000);

  afterAll(async () => {
    await stopLoads();
    await stack?.close().catch(() => undefined);
    await env?.cleanup();
    await nats?.destroy();
  });

  it(
    'answers 200 or 503 + Retry-After during the restart, reconnects, and charges only delivered matches',
    async () => {
      const before = await billingOf(env.db.dataSource, stack.teamId);
      const t0 = Date.now();
      const load = loadLoops(3, () => stack.post('/person/search', { query, limit: 5 }), t0, 20);
      const { outcomes } = load;
      await new Promise((r) => setTimeout(r, 1500));
      await nats.stop();
      const stopped = Date.now() - t0;
      await new Promise((r) => setTimeout(r, 3000));
      await nats.start();
      const restarted = Date.now() - t0;
      await untilServedAgain(outcomes, restarted, RECOVERY_BOUND_MS);
      await load.stop();

      const s = summarize(outcomes, restarted);
      const figures = {
        ...s,
        stoppedAt: stopped,
        restartedAt: restarted,
        recoveryMs: (s.firstOkStartAfter ?? NaN) - restarted,
      };
      if (process.env.FAULT_FIGURES) console.log(`nats-restart figures: ${JSON.stringify(figures)}`);

      expectOnly200Or503(outcomes);
      expect(outcomes.some((o) => o.status === 503 && o.at >= stopped)).toBe(true);
      expect(s.maxMs).toBeLessThan(NATS_TIMEOUT_MS + 1500);
      expect(s.firstOkStartAfter).toBeDefined();
      expect(figures.recoveryMs).toBeLessThan(10_000);
      expect(outcomes.slice(-10).every((o) => o.status === 200)).toBe(true);

      await expectChargedEqualsDelivered(outcomes, env.db.dataSource, stack.teamId, before);
    },
    TEST_TIMEOUT_MS,
  );
});
