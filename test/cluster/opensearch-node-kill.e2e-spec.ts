import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { expectOnly200Or503, loadLoops, stopLoads, summarize } from '../faults/servers';
import { loadTestBuilds, SearchStack, startSearchStack } from '../search/harness';
import { clusterStack, getJson, sleep, STACK_TIMEOUT_MS, waitForGreen } from './opensearch-and-nats-stack';

/**
 * A 3-node OpenSearch cluster of its own (ports 9311-9313, NATS 4311-4313): searches run
 * through gateway → NATS → search worker while the elected cluster manager is SIGKILLed. The
 * build has a replica of every shard (OPENSEARCH_REPLICAS=auto on 3 data nodes), so searches
 * keep answering from the other copies: callers see only 200 or 503 with Retry-After, and none
 * fails once FAILOVER_WINDOW_MS has passed. The node is brought back with `up --cluster` and
 * the cluster returns to green with 3 nodes while searches go on.
 */
describe('cluster: an OpenSearch node killed under search load', () => {
  const OS_PORTS = [9311, 9312, 9313];
  /**
   * The cluster's own failover: a SIGKILLed node's connections close at once, so the others
   * drop it (and elect a new cluster manager) without waiting for fault-detection timeouts;
   * shard requests move to the replicas, and the clients move to the other nodes on the
   * refused connection. 5 s covers an election on two busy cores with room to spare.
   */
  const FAILOVER_WINDOW_MS = 5000;
  const GREEN_WAIT_S = 90;
  /** The steps' own bounds summed (load, kill window, the node's restart by stack.sh, green) + 20 s slack. */
  const TEST_TIMEOUT_MS =
    1500 + FAILOVER_WINDOW_MS + 4000 + STACK_TIMEOUT_MS + (GREEN_WAIT_S + 5) * 1000 + 20_000;
  const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
  const cluster = clusterStack({ opensearch: OS_PORTS, nats: [4311, 4312, 4313] });
  const node = (port: number) => `http://127.0.0.1:${port}`;
  let env: TestEnvironment;
  let stack: SearchStack;

  beforeAll(async () => {
    await cluster.up();
    env = await createTestEnvironment({ ...cluster.urls, RATE_LIMIT_DEFAULT_PER_MINUTE: '100000' });
    await loadTestBuilds(env, { people: 60, companies: 10, seed: 21 });
    stack = await startSearchStack(env, { name: 'os-node-kill', credits: 1_000_000, tier: 'standard' });
  }, 300_000);

  afterAll(async () => {
    await stopLoads();
    await stack?.close().catch(() => undefined);
    await env?.cleanup().catch(() => undefined);
    await cluster.down();
  }, 120_000);

  it('loads the build with one replica per shard, so every shard has a copy on another node', async () => {
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      const settings = await os.indices.getSettings({ index: `${env.config.opensearch.indexPrefix}*` });
      const replicas = Object.values(settings.body).map(
        (s) =>
          (s as { settings: { index: { number_of_replicas: string } } }).settings.index.number_of_replicas,
      );
      expect(replicas.length).toBeGreaterThan(0);
      expect(replicas.every((r) => r === '1')).toBe(true);
    } finally {
      await os.close();
    }
  });

  it(
    'keeps answering from replicas after the cluster manager is killed, and goes green when it returns',
    async () => {
      const [manager] = await getJson<{ node: string }[]>(
        `${node(OS_PORTS[0])}/_cat/cluster_manager?format=json`,
      );
      const victim = Number(manager.node.replace('svc-stack-', ''));
      expect(OS_PORTS).toContain(victim);
      const survivor = node(OS_PORTS.find((p) => p !== victim)!);

      const t0 = Date.now();
      const load = loadLoops(3, () => stack.post('/person/search', { query, limit: 5 }), t0, 20);
      await sleep(1500);
      process.kill(cluster.pid('opensearch', victim), 'SIGKILL');
      const killedAt = Date.now() - t0;
      await sleep(FAILOVER_WINDOW_MS + 4000);
      const returningAt = Date.now() - t0;
      const upOutput = await cluster.up();
      const upAt = Date.now() - t0;
      const health = await waitForGreen(survivor, OS_PORTS.length, GREEN_WAIT_S);
      const greenAt = Date.now() - t0;
      await sleep(1000);
      await load.stop();

      const { outcomes } = load;
      const failed = outcomes.filter((o) => o.status !== 200);
      const figures = {
        ...summarize(outcomes),
        killed: `svc-stack-${victim} (cluster manager)`,
        killedAt,
        failuresAfterKill: failed.filter((o) => o.at >= killedAt).length,
        lastFailureMsAfterKill: failed.length ? Math.max(...failed.map((o) => o.at)) - killedAt : null,
        returningAt,
        upMs: upAt - returningAt,
        greenAfterUpMs: greenAt - upAt,
      };
      if (process.env.FAULT_FIGURES) console.log(`opensearch-node-kill figures: ${JSON.stringify(figures)}`);

      expect(upOutput).toContain(`opensearch-${victim}: starting`);
      expect(health).toMatchObject({ status: 'green', number_of_nodes: 3, timed_out: false });
      expectOnly200Or503(outcomes);
      // Searches that started after the window all answered, during the node's return too.
      expect(
        outcomes.filter((o) => o.at - o.ms >= killedAt + FAILOVER_WINDOW_MS && o.status !== 200),
      ).toEqual([]);
      expect(outcomes.filter((o) => o.status === 200 && o.at - o.ms >= killedAt).length).toBeGreaterThan(30);
    },
    TEST_TIMEOUT_MS,
  );
});
