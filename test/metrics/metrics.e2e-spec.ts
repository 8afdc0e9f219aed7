import { INestMicroservice } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { seedTeam, type HttpHarness, createTestEnvironment, TestEnvironment, freePort } from '@app/testing';
import { createSearchWorker } from '../../apps/search/src/bootstrap';
import { SearchClient } from '../../apps/gateway/src/search-client/search-client.service';
import { startAuthService, AuthService } from '../agent-keys/tokens';
import { gatewayHarness } from '../gateway';
import { loadTestBuilds, TEST_BUILD } from '../search/harness';
import { has, Sample, scrape, total } from './scrape';

const TOKEN = 'metrics-operator-token-0123456789';
const RATE_LIMIT = 5;

/** /metrics on the operator port of the gateway, a search worker and auth, under a short real load. */
describe('metrics', () => {
  let env: TestEnvironment;
  let worker: INestMicroservice | undefined;
  let gateway: HttpHarness | undefined;
  let auth: AuthService | undefined;
  const ports = { gateway: 0, search: 0, auth: 0 };
  const on = (port: number): AppConfig => ({ ...env.config, metrics: { ...env.config.metrics, port } });
  const scrapeAll = async () => ({
    gateway: await scrape(ports.gateway, TOKEN),
    search: await scrape(ports.search, TOKEN),
    auth: await scrape(ports.auth, TOKEN),
  });

  beforeAll(async () => {
    env = await createTestEnvironment({
      OPERATOR_TOKEN: TOKEN,
      REDIS_URL: '',
      RATE_LIMIT_DEFAULT_PER_MINUTE: String(RATE_LIMIT),
    });
    await loadTestBuilds(env, { people: 300, companies: 30, seed: 21 });
    for (const app of ['gateway', 'search', 'auth'] as const) ports[app] = await freePort();
    worker = await createSearchWorker(on(ports.search));
    await worker.listen();
    gateway = await gatewayHarness({
      env: { ...env, config: on(ports.gateway) },
      team: { name: 'metered', credits: 100_000, tier: 'standard' },
    });
    auth = await startAuthService(on(ports.auth));
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await auth?.close();
    await env?.cleanup();
  });

  it('answers 401 without the operator token and 404 off /metrics, in the error shape', async () => {
    for (const port of Object.values(ports)) {
      const bare = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(bare.status).toBe(401);
      expect(await bare.json()).toEqual({
        error: 'unauthorized',
        message: expect.any(String),
        details: null,
      });
      const wrong = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: 'Bearer not-the-operator-token' },
      });
      expect(wrong.status).toBe(401);
      const other = await fetch(`http://127.0.0.1:${port}/health`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: string }).error).toBe('not_found');
    }
  });

  it('moves every listed metric under a short load', async () => {
    const before = await scrapeAll();
    const gw = gateway!;
    const [{ record: p }, { record: q }] = await gw.sql<{
      record: { work_email: string; full_name: string; city: string };
    }>(
      `SELECT record FROM person_records WHERE build_id = $1 AND record->>'work_email' IS NOT NULL
         AND record->>'city' IS NOT NULL ORDER BY svc_id LIMIT 2`,
      [TEST_BUILD],
    );
    // A billed match, then a name match twice: its candidates are read from Postgres, then from the cache.
    expect((await gw.post('/person/enrich', { email: p.work_email })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const named = await gw.post('/person/enrich', { full_name: q.full_name, city: q.city });
      expect(named.statusCode).toBe(200);
    }
    const search = await gw.post('/person/search', {
      query: `SELECT * FROM people WHERE city = '${p.city.replace(/'/g, "''")}'`,
      limit: 5,
    });
    expect(search.statusCode).toBe(200);
    const broke = await seedTeam(env.db.dataSource, { credits: 0 });
    expect((await gw.post('/person/enrich', { email: p.work_email }, broke.key)).statusCode).toBe(402);
    // The default limit counts before validation, so an empty body spends it too.
    const cleans: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) cleans.push((await gw.post('/utility/clean', {})).statusCode);
    expect(cleans.at(-1)).toBe(429);
    // A 1 ms budget: the reply cannot come through NATS and Nest that fast, so the gateway times out.
    const client = gw.app.get(SearchClient);
    for (let i = 0; i < 5; i++) await client.send('search.status', {}, 1).catch(() => undefined);
    expect((await fetch(`${auth!.url}/.well-known/jwks.json`)).status).toBe(200);
    const after = await scrapeAll();

    const moved = (app: keyof typeof after, name: string, where: Record<string, string> = {}) =>
      total(after[app], name, where) - total(before[app], name, where);

    // Gateway: HTTP by route pattern, NATS, credits, refusals, the candidate cache, builds, pool, process.
    expect(
      moved('gateway', 'http_requests_total', { route: '/person/enrich', method: 'POST', status: '200' }),
    ).toBe(3);
    expect(moved('gateway', 'http_requests_total', { route: '/person/enrich', status: '402' })).toBe(1);
    expect(moved('gateway', 'http_requests_total', { route: '/utility/clean', status: '429' })).toBe(1);
    expect(
      moved('gateway', 'http_request_duration_seconds_count', { route: '/person/search', status: '200' }),
    ).toBe(1);
    expect(
      after.gateway.every(
        (s) => !s.labels.route || s.labels.route === 'unmatched' || !s.labels.route.includes('?'),
      ),
    ).toBe(true);
    expect(
      moved('gateway', 'nats_request_duration_seconds_count', { pattern: 'search.person', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gateway', 'nats_request_duration_seconds_count', {
        pattern: 'search.status',
        outcome: 'timeout',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gateway', 'nats_request_timeouts_total', { pattern: 'search.status' }),
    ).toBeGreaterThanOrEqual(1);
    expect(moved('gateway', 'credits_charged_total', { entity: 'person' })).toBeGreaterThanOrEqual(3);
    expect(moved('gateway', 'rate_limit_refusals_total')).toBe(1);
    expect(moved('gateway', 'enrichment_candidate_cache_requests_total', { result: 'miss' })).toBeGreaterThan(
      0,
    );
    expect(moved('gateway', 'enrichment_candidate_cache_requests_total', { result: 'hit' })).toBeGreaterThan(
      0,
    );
    expect(
      total(after.gateway, 'build_in_service_info', { entity: 'person', kind: 'live', build_id: TEST_BUILD }),
    ).toBe(1);
    expect(
      total(after.gateway, 'build_in_service_info', {
        entity: 'company',
        kind: 'live',
        build_id: TEST_BUILD,
      }),
    ).toBe(1);
    expectPool(after.gateway);
    expectProcess(after.gateway, 'gateway');

    // Search worker: requests by pattern and outcome, OpenSearch by operation; no pool (no Postgres).
    expect(
      moved('search', 'search_requests_total', { pattern: 'search.person', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    // The page and the total are both `_search` requests (the total with size 0).
    expect(
      moved('search', 'opensearch_query_duration_seconds_count', { operation: 'search', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(2);
    expect(has(after.search, 'pg_pool_connections')).toBe(false);
    expectProcess(after.search, 'search');

    // Auth: HTTP, pool, process.
    expect(moved('auth', 'http_requests_total', { route: '/.well-known/jwks.json', status: '200' })).toBe(1);
    expectPool(after.auth);
    expectProcess(after.auth, 'auth');
  });

  it('counts no_responders when no search worker listens', async () => {
    const before = await scrape(ports.gateway, TOKEN);
    await worker!.close();
    worker = undefined;
    const res = await gateway!.post('/person/search', { query: "SELECT * FROM people WHERE city = 'Paris'" });
    expect(res.statusCode).toBe(503);
    const after = await scrape(ports.gateway, TOKEN);
    const where = { pattern: 'search.person', outcome: 'no_responders' };
    expect(
      total(after, 'nats_request_duration_seconds_count', where) -
        total(before, 'nats_request_duration_seconds_count', where),
    ).toBe(1);
  });
});

function expectPool(samples: Sample[]): void {
  expect(total(samples, 'pg_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  expect(has(samples, 'pg_pool_connections', { state: 'idle' })).toBe(true);
  expect(has(samples, 'pg_pool_connections', { state: 'waiting' })).toBe(true);
}

function expectProcess(samples: Sample[], app: string): void {
  for (const name of [
    'process_cpu_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
  ])
    expect(has(samples, name, { app })).toBe(true);
  expect(samples.every((s) => s.labels.app === app)).toBe(true);
}
