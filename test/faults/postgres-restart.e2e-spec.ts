import { createTestEnvironment, HttpHarness, TestEnvironment, freePort } from '@app/testing';
import { DATABASE_TIMEOUTS } from '@app/server';
import { gatewayHarness } from '../gateway';
import { loadTestBuilds, TEST_BUILD } from '../search/harness';
import { billingOf, expectChargedEqualsDelivered } from './billing';
import {
  ownPostgres,
  OwnPostgres,
  expectOnly200Or503,
  summarize,
  loadLoops,
  stopLoads,
  untilServedAgain,
} from './servers';

/**
 * Postgres stopped (`pg_ctl stop -m fast`) and started again while billed enrichment requests
 * run: callers get only 200 or 503 with Retry-After, none waits past the connect bound, the
 * gateway serves again without a restart, and the credits charged are exactly the matches
 * delivered in 200 responses. Own Postgres on a free port, never the shared one.
 */
describe('faults: Postgres restarted under load', () => {
  /** pg_ctl's own wait (-t 20) for a stop and for a start. */
  const PG_CTL_BOUND_MS = 20_000;
  const RECOVERY_BOUND_MS = 15_000;
  /** The steps' own bounds summed (load 1.5 s, stop, 3 s down, start, recovery, the last requests) + 10 s slack. */
  const TEST_TIMEOUT_MS =
    1500 +
    PG_CTL_BOUND_MS +
    3000 +
    PG_CTL_BOUND_MS +
    RECOVERY_BOUND_MS +
    DATABASE_TIMEOUTS.connectMs +
    10_000;
  let pg: OwnPostgres;
  let env: TestEnvironment;
  let gw: HttpHarness;
  let email: string;

  beforeAll(async () => {
    pg = await ownPostgres(await freePort());
    env = await createTestEnvironment({ DATABASE_URL: pg.url, RATE_LIMIT_DEFAULT_PER_MINUTE: '100000' });
    await loadTestBuilds(env, { people: 40, companies: 8, seed: 7 });
    const [row] = await env.db.dataSource.query(
      `SELECT record->'emails'->0->>'address' AS email FROM person_records
        WHERE build_id = $1 AND jsonb_array_length(COALESCE(record->'emails', '[]'::jsonb)) > 0 LIMIT 1`,
      [TEST_BUILD],
    );
    email = row.email;
    gw = await gatewayHarness({ env, team: { credits: 100000, tier: 'standard' } });
  }, 60_000);

  afterAll(async () => {
    await stopLoads();
    await gw?.close().catch(() => undefined);
    await pg?.start().catch(() => undefined);
    await env?.cleanup().catch(() => undefined);
    await pg?.destroy();
  });

  it(
    'answers 200 or 503 + Retry-After during the outage, recovers, and charges only delivered matches',
    async () => {
      const before = await billingOf(env.db.dataSource, gw.team.id);
      const t0 = Date.now();
      const load = loadLoops(3, () => gw.post('/person/enrich', { email }), t0, 20);
      const { outcomes } = load;
      await new Promise((r) => setTimeout(r, 1500));
      await pg.stop();
      const stopped = Date.now() - t0;
      await new Promise((r) => setTimeout(r, 3000));
      await pg.start();
      const restarted = Date.now() - t0;
      // Run until the gateway has served again for a while (bounded).
      await untilServedAgain(outcomes, restarted, RECOVERY_BOUND_MS);
      await load.stop();

      const s = summarize(outcomes, restarted);
      const during = outcomes.filter((o) => o.at >= stopped && o.at - o.ms <= restarted);
      const figures = {
        ...s,
        stoppedAt: stopped,
        restartedAt: restarted,
        recoveryMs: (s.firstOkStartAfter ?? NaN) - restarted,
      };
      if (process.env.FAULT_FIGURES) console.log(`postgres-restart figures: ${JSON.stringify(figures)}`);

      // Only 200 and 503 service_unavailable with Retry-After; nothing 500.
      expectOnly200Or503(outcomes);
      expect(s.statuses[503] ?? 0).toBeGreaterThan(0);
      expect(during.some((o) => o.status === 503)).toBe(true);
      // No request waited past the connect bound (plus slack for two shared cores).
      expect(s.maxMs).toBeLessThan(DATABASE_TIMEOUTS.connectMs + 2000);
      // Recovered without a restart of the gateway.
      expect(s.firstOkStartAfter).toBeDefined();
      expect(figures.recoveryMs).toBeLessThan(10_000);
      const after = outcomes.filter((o) => o.at - o.ms >= restarted + figures.recoveryMs);
      expect(after.slice(-10).every((o) => o.status === 200)).toBe(true);

      // Credits: exactly the matches delivered in 200 responses.
      await expectChargedEqualsDelivered(outcomes, env.db.dataSource, gw.team.id, before);
    },
    TEST_TIMEOUT_MS,
  );
});
