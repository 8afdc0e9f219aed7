import type { AddressInfo } from 'node:net';
import { balanceOf, createTestEnvironment, TestEnvironment } from '@app/testing';
import { type Client, createClient } from '@app/client';
import { loadTestBuilds, SearchStack, startSearchStack, TEST_BUILD } from './search/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Every person of the build: NOT of a skill nobody has. */
const EVERYONE = "SELECT * FROM people WHERE NOT (skills = 'no such skill anywhere')";

/**
 * libs/client against the real gateway and search worker over HTTP: one API user's session,
 * enrich → search → page to the end by cursor → discover → usage, with the figures, keys and
 * retries the client adds checked against what the server did (balance, usage).
 */
describe('the TypeScript client against the real stack', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  let svc: Client;
  let baseUrl: string;
  let person: { email: string; svc_id: string; city: string };
  /** Credits the client's results said each endpoint charged, to hold GET /usage to. */
  const charged: Record<string, number> = {};
  const note = (endpoint: string, credits: number | null) => {
    charged[endpoint] = (charged[endpoint] ?? 0) + (credits ?? 0);
  };
  const balance = () => balanceOf(env.db.dataSource, stack!.teamId);

  beforeAll(async () => {
    env = await createTestEnvironment({ NATS_REQUEST_TIMEOUT_MS: '10000', RATE_LIMIT_BULK_PER_MINUTE: '2' });
    await loadTestBuilds(env, { people: 150, companies: 15, seed: 41 });
    stack = await startSearchStack(env, { name: 'client-users', credits: 100_000, tier: 'standard' });
    await stack.gateway.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(stack.gateway.getHttpServer().address() as AddressInfo).port}`;
    svc = createClient({ baseUrl, apiKey: stack.apiKey });
    // Someone with an email in the build's most populous city, so that discovering it takes pages.
    [person] = (await env.db.dataSource.query(
      `WITH city AS (SELECT record->>'city' AS name FROM person_records WHERE build_id = $1
                       AND record->>'city' IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)
       SELECT record->'emails'->0->>'address' AS email, svc_id::text, record->>'city' AS city
         FROM person_records, city WHERE build_id = $1 AND record->>'city' = city.name
          AND jsonb_array_length(record->'emails') > 0 ORDER BY svc_id LIMIT 1`,
      [TEST_BUILD],
    )) as Array<{ email: string; svc_id: string; city: string }>;
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
  });

  it('enriches a person: typed data, the credit and rate-limit figures, and a key a retry is answered from', async () => {
    const before = await balance();
    const first = await svc.POST('/person/enrich', { body: { email: person.email } });
    expect(first.error).toBeUndefined();
    expect(first.data?.matches.map((m) => m.person.svc_id)).toEqual([person.svc_id]);
    expect(first.credits).toEqual({ charged: 1, remaining: before - 1, keyCapRemaining: null });
    expect(first.rateLimit).toEqual({
      limit: expect.any(Number),
      remaining: expect.any(Number),
      reset: expect.any(Number),
      policy: expect.stringMatching(/^"\w+";q=\d+;w=60$/),
      state: expect.stringMatching(/^"\w+";r=\d+;t=\d+$/),
    });
    expect(first.rateLimit.remaining).toBe(first.rateLimit.limit! - 1);
    expect(first.idempotencyKey).toMatch(UUID);
    expect([first.replayed, first.attempts]).toEqual([false, 1]);
    note('person_enrich', first.credits.charged);

    // The same call under the same key, as a retry sends it: the stored answer, not a second charge.
    const again = await svc.POST('/person/enrich', {
      body: { email: person.email },
      params: { header: { 'Idempotency-Key': first.idempotencyKey! } },
    });
    expect(again.replayed).toBe(true);
    expect(again.data).toEqual(first.data);
    expect(again.credits).toEqual({ charged: 1, remaining: before - 1, keyCapRemaining: null });
    expect(await balance()).toBe(before - 1);
  });

  it('searches, then pages the search to its end by cursor: each person once, in svc_id order, billed per row', async () => {
    const first = await svc.POST('/person/search', { body: { query: EVERYONE, limit: 10 } });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('Total-Count-Status')).toBe('exact');
    const total = first.data!.total;
    expect(total).toBe(150);
    expect(first.credits.charged).toBe(10);
    note('person_search', first.credits.charged);

    const before = await balance();
    const ids: string[] = [];
    let pages = 0;
    for await (const page of svc.pages('/person/search', { query: EVERYONE, limit: 25 })) {
      pages++;
      expect(page.data.total).toBe(total);
      expect(page.credits.charged).toBe(page.data.matches.length);
      expect(page.idempotencyKey).toMatch(UUID);
      note('person_search', page.credits.charged);
      ids.push(...page.data.matches.map((m) => String(m.person.svc_id)));
    }
    expect(pages).toBe(Math.ceil(total / 25));
    expect(ids).toHaveLength(total);
    expect(ids).toEqual([...new Set(ids)].sort());
    expect(await balance()).toBe(before - total);
  });

  it('discovers, and walks the discovery to its end match by match', async () => {
    const description = `people in ${person.city}`;
    const first = await svc.POST('/person/discover', { body: { query: description, limit: 2 } });
    expect(first.response.status).toBe(200);
    expect(first.data!.generated_query).toContain(person.city);
    const total = first.data!.total;
    expect(total).toBeGreaterThan(2);
    note('person_discover', first.credits.charged);

    const before = await balance();
    const walked: string[] = [];
    for await (const match of svc.matches('/person/discover', { query: description, limit: 2 }))
      walked.push(String(match.person.svc_id));
    expect(walked).toHaveLength(total);
    expect(new Set(walked).size).toBe(total);
    expect(walked).toContain(person.svc_id);
    note('person_discover', before - (await balance()));
  });

  it("retries a rate-limited call as the server's Retry-After says, and returns the refusal once its attempts are spent", async () => {
    // RATE_LIMIT_BULK_PER_MINUTE is 2: the third bulk call within the minute is refused.
    for (let i = 0; i < 2; i++) {
      const bulk = await svc.POST('/person/enrich/bulk', { body: { requests: [{ email: person.email }] } });
      expect(bulk.response.status).toBe(200);
      note('person_bulk', bulk.credits.charged);
    }
    const waits: number[] = [];
    let now = Date.now();
    // The clock's sleeps return at once (advancing its time): the attempts all fall in the window.
    const impatient = createClient({
      baseUrl,
      apiKey: stack!.apiKey,
      retry: { maxAttempts: 3 },
      random: () => 0,
      clock: {
        now: () => now,
        sleep: async (ms) => {
          waits.push(ms);
          now += ms;
        },
      },
    });
    const before = await balance();
    const refused = await impatient.POST('/person/enrich/bulk', {
      body: { requests: [{ email: person.email }] },
    });
    expect(refused.response.status).toBe(429);
    expect(refused.error).toEqual(expect.objectContaining({ error: 'rate_limited' }));
    expect(refused.attempts).toBe(3);
    const retryAfter = Number(refused.response.headers.get('Retry-After')) * 1000;
    expect(waits).toHaveLength(2);
    for (const wait of waits) {
      expect(wait % 1000).toBe(0);
      expect(Math.abs(wait - retryAfter)).toBeLessThanOrEqual(2000);
    }
    expect(refused.rateLimit).toEqual(expect.objectContaining({ limit: 2, remaining: 0 }));
    expect(refused.credits.charged).toBeNull();
    expect(await balance()).toBe(before);
  });

  it("reads the session's usage: what each endpoint charged, as the results said", async () => {
    const usage = await svc.GET('/usage', { params: { query: { group_by: 'endpoint' } } });
    expect(usage.response.status).toBe(200);
    expect(usage.credits.charged).toBeNull();
    const credits = Object.fromEntries(
      usage.data!.groups.filter((g) => g.credits > 0).map((g) => [g.endpoint, g.credits]),
    );
    expect(credits).toEqual(charged);
    expect(usage.data!.total.credits).toBe(Object.values(charged).reduce((a, b) => a + b, 0));
  });
});
