import { createTestEnvironment, TestEnvironment, freePort } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack } from '../search/harness';
import { ownOpenSearch, OwnOpenSearch } from './own-opensearch';
import { expectOnly200Or503, loadLoops, stopLoads, summarize, untilServedAgain } from './servers';
import { billingOf, expectChargedEqualsDelivered } from './billing';

/**
 * OpenSearch stopped (SIGTERM to the node) while searches run through the gateway, then started
 * again on its data: callers get only 200 or 503 with Retry-After, none waits past the NATS
 * timeout, the search worker serves again without a restart once the node is back, and the
 * credits charged are exactly the matches delivered. Own node on a free port, never the shared one.
 */
describe('faults: OpenSearch stopped and started under load', () => {
  const NATS_TIMEOUT_MS = 5000;
  const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
  let node: OwnOpenSearch;
  let env: TestEnvironment;
  let stack: SearchStack;

  beforeAll(async () => {
    const shared = await createTestEnvironment();
    const { url: DATABASE_URL } = shared.config.database;
    const { url: NATS_URL } = shared.config.nats;
    await shared.cleanup();
    node = await ownOpenSearch(await freePort(), { DATABASE_URL, NATS_URL });
    env = await createTestEnvironment({
      OPENSEARCH_URL: node.url,
      NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
    });
    await loadTestBuilds(env, { people: 40, companies: 8, seed: 5 });
    stack = await startSearchStack(env, { name: 'opensearch-stopped', credits: 1_000_000, tier: 'standard' });
  }, 240_000);

  afterAll(async () => {
    await stopLoads();
    await stack?.close().catch(() => undefined);
    await env?.cleanup().catch(() => undefined);
    await node?.destroy();
  }, 90_000);

  it('answers 200 or 503 + Retry-After while it is down, and serves again when it is back', async () => {
    const before = await billingOf(env.db.dataSource, stack.teamId);
    const t0 = Date.now();
    const load = loadLoops(3, () => stack.post('/person/search', { query, limit: 5 }), t0, 50);
    const { outcomes } = load;
    await new Promise((r) => setTimeout(r, 2000));
    const stopping = Date.now() - t0;
    await node.stop();
    const stopped = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 3000));
    await node.start();
    const healthy = Date.now() - t0;
    await untilServedAgain(outcomes, healthy, 20_000);
    await load.stop();

    const s = summarize(outcomes, healthy);
    const figures = {
      ...s,
      stoppingAt: stopping,
      stoppedAt: stopped,
      healthyAgainAt: healthy,
      recoveryMs: (s.firstOkStartAfter ?? NaN) - healthy,
    };
    if (process.env.FAULT_FIGURES) console.log(`opensearch-stopped figures: ${JSON.stringify(figures)}`);

    expectOnly200Or503(outcomes);
    // While the node was down every search failed fast, as 503.
    const whileDown = outcomes.filter((o) => o.at - o.ms >= stopped && o.at <= stopped + 3000);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.every((o) => o.status === 503)).toBe(true);
    expect(s.maxMs).toBeLessThan(NATS_TIMEOUT_MS + 1000);
    // Served again without restarting the worker or the gateway.
    expect(s.firstOkStartAfter).toBeDefined();
    expect(figures.recoveryMs).toBeLessThan(15_000);
    const after = outcomes.filter((o) => o.at - o.ms >= healthy + figures.recoveryMs);
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((o) => o.status === 200)).toBe(true);

    await expectChargedEqualsDelivered(outcomes, env.db.dataSource, stack.teamId, before);
  }, 240_000);
});
