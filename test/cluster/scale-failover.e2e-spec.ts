import { Agent } from 'node:http';
import { balanceOf, createTestEnvironment, seedTeam, TestEnvironment, freePort } from '@app/testing';
import { expectOnly200Or503, loadLoops, Outcome, outcomeOf, stopLoads, summarize } from '../faults/servers';
import { loadTestBuilds } from '../search/harness';
import {
  billingOf,
  chargedInHeaders,
  deliveredMatches,
  expectChargedEqualsDelivered,
} from '../faults/billing';
import {
  alive,
  connectionsHeldBy,
  loggedPids,
  postJson,
  ScaleTopology,
  startScale,
  waitFor,
} from './scale-topology';

/**
 * The topology `npm run scale -- --gateways 2 --workers 2` starts, under search load over
 * kept-alive connections: a search worker SIGKILLed fails only what it had taken (503 after the
 * NATS request timeout), a gateway process SIGKILLed fails only what its connections carried and
 * the primary forks one that serves; credits charged stay equal to the matches delivered.
 */
describe('scale: 2 gateway processes × 2 search workers, one of each SIGKILLed under load', () => {
  const NATS_TIMEOUT_MS = 2000;
  const LOOPS = 4;
  const LIMIT = 5;
  const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
  let env: TestEnvironment;
  let scale: ScaleTopology;
  let port: number;
  let team: { id: number; key: string };
  const agent = new Agent({ keepAlive: true, maxSockets: LOOPS });

  const send = (fresh = false) =>
    postJson(port, '/person/search', { query, limit: LIMIT }, team.key, fresh ? false : agent);
  const figures = (name: string, value: object) => {
    if (process.env.FAULT_FIGURES) console.log(`${name} figures: ${JSON.stringify(value)}`);
  };

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    });
    await loadTestBuilds(env, { people: 40, companies: 8, seed: 9 });
    team = await seedTeam(env.db.dataSource, { credits: 1_000_000, tier: 'enterprise' });
    port = await freePort();
    scale = await startScale(env.config, {
      gateways: 2,
      workers: 2,
      port,
      env: {
        NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
        RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
        SHUTDOWN_GRACE_MS: '3000',
      },
    });
    const smoke = await send(true);
    if (smoke.statusCode !== 200)
      throw new Error(`smoke search answered ${smoke.statusCode}: ${JSON.stringify(smoke.json())}`);
  }, 100_000);

  afterAll(async () => {
    await stopLoads();
    agent.destroy();
    await scale?.stop();
    await env?.cleanup();
  }, 40_000);

  it('a search worker SIGKILLed: the other answers; only its in-flight requests fail, as 503 with Retry-After', async () => {
    const before = await billingOf(env.db.dataSource, team.id);
    const t0 = Date.now();
    const load = loadLoops(LOOPS, () => send(), t0);
    await new Promise((r) => setTimeout(r, 2000));
    const victim = scale.state.searchWorkers[0].pid;
    process.kill(victim, 'SIGKILL');
    const killed = Date.now() - t0;
    await waitFor(`search worker ${victim} to exit`, () => !alive(victim), 5000);
    const exitedAt = Date.now() - t0;
    await new Promise((r) => setTimeout(r, NATS_TIMEOUT_MS + 3000));
    await load.stop();
    const { outcomes } = load;

    const failed = outcomes.filter((o) => o.status !== 200);
    figures('scale search-worker-kill', { ...summarize(outcomes, killed), killed, exitedAt, failed });
    expectOnly200Or503(outcomes);
    // A request the dead worker had taken waits out the NATS timeout: at most one per loop.
    expect(failed.length).toBeLessThanOrEqual(LOOPS);
    for (const o of failed) expect(o.at - o.ms).toBeLessThanOrEqual(exitedAt + 500);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(NATS_TIMEOUT_MS + 1500);
    const afterKill = outcomes.filter((o) => o.at - o.ms > exitedAt + 500);
    expect(afterKill.length).toBeGreaterThan(20);
    expect(afterKill.every((o) => o.status === 200)).toBe(true);

    await expectChargedEqualsDelivered(outcomes, env.db.dataSource, team.id, before);
  }, 40_000);

  it('a gateway process SIGKILLed: the primary forks one that serves; only its connections fail', async () => {
    const log = scale.state.gateway.log;
    const workersBefore = scale.gatewayWorkers();
    expect(workersBefore).toHaveLength(2);
    const before = await billingOf(env.db.dataSource, team.id);
    const t0 = Date.now();
    // A loop that hits a dead socket retries on a new one after a short pause.
    const load = loadLoops(LOOPS, () => send(), t0, 50);
    await new Promise((r) => setTimeout(r, 2000));
    const [victim, survivor] = workersBefore;
    const held = connectionsHeldBy(victim, port);
    process.kill(victim, 'SIGKILL');
    const killed = Date.now() - t0;
    await waitFor(`gateway process ${victim} to exit`, () => !alive(victim), 5000);
    const exitedAt = Date.now() - t0;
    let replacement = 0;
    await waitFor(
      'the primary to fork a replacement that is ready',
      () => {
        replacement = scale.gatewayWorkers().find((pid) => pid !== survivor && pid !== victim) ?? 0;
        return replacement > 0 && loggedPids(log, (l) => l.msg === 'gateway ready').has(replacement);
      },
      20_000,
    );
    // Kept-alive connections stay where they are; new ones are dealt round-robin, so a few fresh
    // connections reach the replacement.
    const probes: Outcome[] = [];
    for (let i = 0; i < 6; i++) {
      const start = Date.now();
      probes.push(outcomeOf(await send(true), start, t0));
    }
    await load.stop();
    const outcomes = [...load.outcomes, ...probes];

    const failed = outcomes.filter((o) => o.status !== 200);
    figures('scale gateway-kill', {
      ...summarize(outcomes, killed),
      held,
      killed,
      exitedAt,
      replacement,
      failed,
    });
    // Failures are what the dead process's connections carried: a reset socket (status 0) or a
    // 503, and no more than the connections it held, all sent before it was gone.
    for (const o of failed)
      expect(o.status === 0 || (o.status === 503 && o.retryAfter !== undefined)).toBe(true);
    expect(held).toBeLessThanOrEqual(LOOPS);
    expect(failed.length).toBeLessThanOrEqual(held);
    for (const o of failed) expect(o.at - o.ms).toBeLessThanOrEqual(exitedAt + 500);
    expect(probes.every((o) => o.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o.at - o.ms > exitedAt + 500 && o.status === 200).length).toBeGreaterThan(
      20,
    );
    await waitFor(
      `a search answered by the replacement ${replacement}`,
      () => loggedPids(log, (l) => l.route === '/person/search').has(replacement),
      5000,
    );

    expect(chargedInHeaders(outcomes)).toBe(deliveredMatches(outcomes));
    // A charge commits before its response is written: a response lost with the process is the
    // only way the ledger can exceed what was delivered, by at most one page per lost response.
    const ledger = (await billingOf(env.db.dataSource, team.id)).ledger - before.ledger;
    const lost = failed.filter((o) => o.status === 0).length;
    expect(ledger).toBeGreaterThanOrEqual(deliveredMatches(outcomes));
    expect(ledger).toBeLessThanOrEqual(deliveredMatches(outcomes) + LIMIT * lost);
    expect(before.balance - (await balanceOf(env.db.dataSource, team.id))).toBe(ledger);
  }, 60_000);
});
