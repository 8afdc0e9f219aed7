import { seedAgentKey, seedKey, seedTeam } from '@app/testing';
import { BULK_LIMIT, SANDBOX_PERSON, startMcpSuite } from './mcp/suite';
import { call } from './mcp/client';
import { sharedFixture } from './shared-fixture';

/** MCP tool calls are billed, limited and allowed exactly as their HTTP endpoints (mcp.e2e-spec: the server). */
describe('MCP server', () => {
  const s = sharedFixture(startMcpSuite, 180_000);

  describe('billing, usage and limits are the endpoint’s', () => {
    const usage = (teamId: number) =>
      s.sql<{ endpoint: string; match_count: number; credits: number }>(
        `SELECT endpoint, match_count, credits FROM usage WHERE team_id = $1 ORDER BY id`,
        [teamId],
      );
    const ledger = (teamId: number) =>
      s.sql<{ delta: string; reason: string }>(
        `SELECT delta, reason FROM credit_ledger WHERE team_id = $1 ORDER BY id`,
        [teamId],
      );

    it('charges and records a tool call exactly as the same HTTP request', async () => {
      const viaHttp = await seedTeam(s.env.db.dataSource, { credits: 50 });
      const viaMcp = await seedTeam(s.env.db.dataSource, { credits: 50 });
      const mcp = await s.connect(viaMcp.key);
      const requests: Array<[string, string, object]> = [
        ['enrich_person', '/person/enrich', { email: s.live.email }],
        [
          'search_people',
          '/person/search',
          { query: `SELECT * FROM people WHERE city = '${s.live.city}'`, limit: 3 },
        ],
        [
          'enrich_people_bulk',
          '/person/enrich/bulk',
          { requests: [{ email: s.live.email }, { svc_id: s.live.person }] },
        ],
        ['enrich_person', '/sandbox/person/enrich', { svc_id: SANDBOX_PERSON.svc_id }],
      ];
      for (const [tool, path, args] of requests) {
        const res = await s.http(path, args, viaHttp.key);
        expect(res.statusCode).toBe(200);
        const sandbox = path.startsWith('/sandbox/');
        const result = await call(mcp, tool, { ...args, ...(sandbox ? { sandbox: true } : {}) });
        expect(result.http.headers['x-credits-charged']).toBe(res.headers['x-credits-charged']);
        expect(result.http.headers['x-credits-remaining']).toBe(res.headers['x-credits-remaining']);
      }
      expect((await usage(viaMcp.id)).length).toBe(3);
      expect(await usage(viaMcp.id)).toEqual(await usage(viaHttp.id));
      expect((await ledger(viaMcp.id)).slice(1)).toEqual((await ledger(viaHttp.id)).slice(1));
      expect(await s.balance(viaMcp.id)).toBe(await s.balance(viaHttp.id));
      expect(await s.balance(viaMcp.id)).toBeLessThan(50);
    });

    it('answers 402 as a tool error with the balance, never the match count', async () => {
      const broke = await seedTeam(s.env.db.dataSource, { credits: 0 });
      const one = await seedTeam(s.env.db.dataSource, { credits: 1 });
      const empty = await call(await s.connect(broke.key), 'enrich_person', { email: s.live.email });
      expect(empty.isError).toBe(true);
      expect(empty.structured).toMatchObject({
        error: 'insufficient_credits',
        details: { credits_required: 1, credits_balance: 0 },
      });
      const bulk = await call(await s.connect(one.key), 'enrich_people_bulk', {
        requests: [{ email: s.live.email }, { svc_id: s.live.person }],
      });
      expect(bulk.structured).toMatchObject({
        error: 'insufficient_credits',
        details: { credits_balance: 1 },
      });
      expect((bulk.content[0] as { text: string }).text).toContain('insufficient_credits');
      expect(await s.balance(one.id)).toBe(1);
    });

    it('shares the rate limit of each endpoint with HTTP', async () => {
      const { key } = await seedKey(s.env.db.dataSource, s.stack.teamId);
      const mcp = await s.connect(key);
      const args = { requests: [{ svc_id: SANDBOX_PERSON.svc_id }] };
      const remaining: string[] = [];
      for (let i = 0; i < BULK_LIMIT; i += 1) {
        if (i % 2 === 0)
          remaining.push(
            (await s.http('/sandbox/person/enrich/bulk', args, key)).headers[
              'x-ratelimit-remaining'
            ] as string,
          );
        else
          remaining.push(
            (await call(mcp, 'enrich_people_bulk', { ...args, sandbox: true })).http.headers[
              'x-ratelimit-remaining'
            ],
          );
      }
      expect(remaining).toEqual(['3', '2', '1', '0']);
      const refused = await call(mcp, 'enrich_people_bulk', { ...args, sandbox: true });
      expect(refused.isError).toBe(true);
      expect(refused.structured).toMatchObject({
        error: 'rate_limited',
        details: { endpoint: '/sandbox/person/enrich/bulk' },
      });
      expect(refused.http.headers['retry-after']).toMatch(/^\d+$/);
      expect((await s.http('/sandbox/person/enrich/bulk', args, key)).statusCode).toBe(429);
    });
  });

  describe('access is the endpoints’', () => {
    it('lists a limited key only the tools whose routes it may call, and refuses the others as its routes do', async () => {
      const { key } = await seedKey(s.env.db.dataSource, s.stack.teamId, [
        '/mcp',
        '/person/enrich',
        '/sandbox/company/search',
        '/utility/hash/email',
      ]);
      const scoped = await s.connect(key);
      expect((await scoped.listTools()).tools.map((t) => t.name)).toEqual([
        'enrich_person',
        'search_companies',
        'hash_email',
      ]);
      const refused = await call(scoped, 'clean_fields', { fields: { state: 'ca' } });
      expect(refused.isError).toBe(true);
      expect(refused.structured).toMatchObject({
        error: 'forbidden',
        details: { endpoint: '/utility/clean' },
      });
      const liveSearch = await call(scoped, 'search_companies', {
        query: "SELECT * FROM companies WHERE size = '1-10'",
      });
      expect(liveSearch.structured).toMatchObject({
        error: 'forbidden',
        details: { endpoint: '/company/search' },
      });
      const sandboxSearch = await call(scoped, 'search_companies', {
        query: "SELECT * FROM companies WHERE size = '1-10'",
        sandbox: true,
      });
      expect(sandboxSearch.isError).toBe(false);
    });

    it('needs /mcp among a limited key’s endpoints, like any endpoint', async () => {
      const { key } = await seedKey(s.env.db.dataSource, s.stack.teamId, ['/person/enrich']);
      const res = await fetch(s.url, {
        method: 'POST',
        headers: { 'API-Key': key, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'forbidden', details: { endpoint: '/mcp' } });
    });

    it('keeps the sandbox open and enterprise features closed as over HTTP', async () => {
      const expired = await seedTeam(s.env.db.dataSource, { credits: 10, contractEnd: '2020-01-01' });
      const mcp = await s.connect(expired.key);
      expect(
        (await call(mcp, 'enrich_person', { svc_id: SANDBOX_PERSON.svc_id, sandbox: true })).isError,
      ).toBe(false);
      expect((await call(mcp, 'enrich_person', { svc_id: s.live.person })).structured).toMatchObject({
        error: 'contract_expired',
      });
      for (const sandbox of [false, true]) {
        const multiple = await call(s.client, 'enrich_person', {
          svc_id: s.live.person,
          multiple_results: true,
          sandbox,
        });
        expect(multiple.structured).toMatchObject({
          error: 'feature_not_available',
          details: { feature: 'multiple_results' },
        });
      }
      const agent = await seedAgentKey(s.env.db.dataSource, s.stack.teamId);
      const search = await call(await s.connect(agent.key), 'search_people', {
        query: "SELECT * FROM people WHERE city = 'x'",
      });
      expect(search.structured).toMatchObject({ error: 'feature_not_available' });
    });
  });
});
