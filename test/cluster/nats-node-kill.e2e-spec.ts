import { loadConfig } from '@app/config';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { expectOnly200Or503, loadLoops, stopLoads, summarize } from '../faults/servers';
import { loadTestBuilds, SearchStack, startSearchStack } from '../search/harness';
import { clusterStack, getJson, sleep } from './opensearch-and-nats-stack';

interface Connz {
  connections: { name?: string }[];
}

/**
 * A 3-node NATS cluster of its own (ports 4321-4323; OpenSearch is the shared one): the gateway
 * and the search worker connect with the whole list, and the node the worker is connected to is
 * SIGKILLed under search load, then (once it is back) the node the gateway is connected to. Both
 * move to the other nodes by themselves; only the requests in flight on the dead node fail, as
 * 503 with Retry-After once NATS_REQUEST_TIMEOUT_MS has passed, and every search started after
 * that window answers 200.
 */
describe('cluster: a NATS node killed under search load', () => {
  const NATS_PORTS = [4321, 4322, 4323];
  const NATS_TIMEOUT_MS = 2000;
  /** A lost request waits out the NATS timeout; the reconnect to another node takes well under a second. */
  const FAILOVER_WINDOW_MS = NATS_TIMEOUT_MS + 1000;
  /**
   * stack.sh gives a NATS node 30 s to route to the others (TIMEOUT[nats-*]); the script's own
   * checks around it take a few more seconds on a busy 2-core box.
   */
  const NODE_RESTART_BOUND_MS = 45_000;
  const KILLS = 2;
  /** Each step's own bound, summed: the test never fails on a slow but healthy machine. */
  const TEST_TIMEOUT_MS = 1500 + KILLS * (FAILOVER_WINDOW_MS + 3000 + NODE_RESTART_BOUND_MS) + 1000 + 15_000;
  const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
  const cluster = clusterStack({ opensearch: loadConfig().opensearch.url, nats: NATS_PORTS });
  let env: TestEnvironment;
  let stack: SearchStack;

  /** The names of the connections each node holds, by client port. */
  async function connections(ports: number[]): Promise<Record<number, string[]>> {
    const entries = await Promise.all(
      ports.map(async (p) => {
        const connz = await getJson<Connz>(`http://127.0.0.1:${p + 4000}/connz`);
        return [p, connz.connections.map((c) => c.name ?? '')] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  beforeAll(async () => {
    await cluster.up();
    env = await createTestEnvironment({
      ...cluster.urls,
      NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
    });
    await loadTestBuilds(env, { people: 40, companies: 8, seed: 22 });
    stack = await startSearchStack(env, { name: 'nats-node-kill', credits: 1_000_000, tier: 'standard' });
  }, 120_000);

  afterAll(async () => {
    await stopLoads();
    await stack?.close().catch(() => undefined);
    await env?.cleanup().catch(() => undefined);
    await cluster.down();
  }, 60_000);

  it(
    'moves gateway and worker to the other nodes; only in-flight requests fail, as 503',
    async () => {
      const t0 = Date.now();
      const load = loadLoops(3, () => stack.post('/person/search', { query, limit: 5 }), t0, 20);
      const kills: { role: string; port: number; held: string[]; at: number; upOutput: string }[] = [];
      await sleep(1500);
      // The worker's node (its subscription goes), then the gateway's (its requests' node goes).
      for (const role of ['search-worker', 'gateway']) {
        const held = await connections(NATS_PORTS);
        const port = NATS_PORTS.find((p) => held[p].includes(role))!;
        expect(port).toBeDefined();
        process.kill(cluster.pid('nats', port), 'SIGKILL');
        const at = Date.now() - t0;
        await sleep(FAILOVER_WINDOW_MS + 3000);
        const moved = await connections(NATS_PORTS.filter((p) => p !== port));
        expect(Object.values(moved).flat()).toEqual(expect.arrayContaining(['gateway', 'search-worker']));
        // Back before the next kill, so the cluster loses one node at a time.
        kills.push({ role, port, held: held[port], at, upOutput: await cluster.up() });
      }
      await sleep(1000);
      await load.stop();

      const { outcomes } = load;
      const failed = outcomes.filter((o) => o.status !== 200);
      const figures = {
        ...summarize(outcomes),
        kills: kills.map((k) => ({
          node: k.port,
          held: k.held,
          at: k.at,
          failures: failed.filter((o) => o.at >= k.at && o.at < k.at + FAILOVER_WINDOW_MS).length,
          firstOkMsAfter: (summarize(outcomes, k.at).firstOkStartAfter ?? NaN) - k.at,
        })),
      };
      if (process.env.FAULT_FIGURES) console.log(`nats-node-kill figures: ${JSON.stringify(figures)}`);

      expectOnly200Or503(outcomes);
      for (const k of kills) {
        expect(k.upOutput).toContain(`nats-${k.port}: starting`);
        const routez = await getJson<{ num_routes: number }>(`http://127.0.0.1:${k.port + 4000}/routez`);
        expect(routez.num_routes).toBe(NATS_PORTS.length - 1);
      }
      // Failures only inside a kill's window: the requests then in flight (one per loop), and any
      // sent in the moment before the worker's subscription reached another node (no responders).
      const inWindow = (at: number) => kills.some((k) => at >= k.at && at < k.at + FAILOVER_WINDOW_MS + 1000);
      expect(failed.filter((o) => !inWindow(o.at))).toEqual([]);
      expect(failed.length).toBeLessThanOrEqual(10 * kills.length);
      for (const k of kills)
        expect(
          outcomes.filter((o) => o.status === 200 && o.at - o.ms >= k.at + FAILOVER_WINDOW_MS).length,
        ).toBeGreaterThan(20);
    },
    TEST_TIMEOUT_MS,
  );
});
