import type { LightMyRequestResponse } from 'fastify';
import {
  expectErrorResponse,
  problemFields,
  seedAgentKey,
  seedKey,
  seedTeam,
  SeededTeam,
} from '@app/testing';
import { call } from './mcp/client';
import { SANDBOX_PERSON, startMcpSuite } from './mcp/suite';
import { UsageEventsPurgeService } from '../apps/gateway/src/usage/usage-events-purge.service';
import { UsageEventsService } from '../apps/gateway/src/usage/usage-events.service';
import { bootGateway } from './gateway';
import { sharedFixture } from './shared-fixture';

interface Figures {
  credits: number;
  matches: number;
  requests: number;
  errors: number;
}
interface Event {
  id: string;
  time: string;
  method: string;
  endpoint: string;
  status: number;
  credits: number;
  sandbox: boolean;
  key_id: number | null;
  key_prefix: string | null;
}

const figures = (credits: number, matches: number, requests: number, errors: number): Figures => ({
  credits,
  matches,
  requests,
  errors,
});

/**
 * GET /usage and GET /usage/events against a gateway with a search worker, a live build and the
 * sandbox build: a team makes a known mix of requests (charged matches, a miss, refusals, the
 * sandbox, an MCP tool call, two more keys), and its usage reads exactly that, per day, endpoint
 * and key; another team sees none of it; the events page by cursor, each once.
 */
describe('usage for API users', () => {
  const s = sharedFixture(startMcpSuite, 180_000);
  let a: SeededTeam;
  let b: SeededTeam;
  let second: { key: string; keyId: number };
  let limited: { key: string; keyId: number };
  /** The window holding the mix and nothing else: the suite's own reads of usage come after it. */
  let window: { from: string; to: string };
  const responses: LightMyRequestResponse[] = [];

  const get = (url: string, key: string, query: Record<string, string | number> = {}) =>
    s.stack.gateway.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { 'api-key': key },
    });
  const rows = async (teamId: number) =>
    (
      await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM api_requests WHERE team_id = $1`, [teamId])
    )[0].n;
  /** Events are written off the request path, within about a second of their answers. */
  const recorded = async (teamId: number, n: number) => {
    const until = Date.now() + 10_000;
    while ((await rows(teamId)) < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await rows(teamId)).toBe(n);
  };
  const usage = async (key: string, group_by: string, query = window) => {
    const res = await get('/usage', key, { ...query, group_by });
    expect(res.statusCode).toBe(200);
    return res.json() as { from: string; to: string; group_by: string; groups: object[]; total: Figures };
  };
  const walk = async (key: string, limit: number, query: Record<string, string | number> = window) => {
    const events: Event[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get('/usage/events', key, { ...query, limit, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { events: Event[]; next_cursor: string | null };
      events.push(...page.events);
      pages.push(page.events.length);
      cursor = page.next_cursor;
    } while (cursor !== null && pages.length < 20);
    return { events, pages };
  };

  beforeAll(async () => {
    const ds = s.env.db.dataSource;
    a = await seedTeam(ds, { credits: 1000 });
    b = await seedTeam(ds, { credits: 1000 });
    second = await seedKey(ds, a.id);
    limited = await seedKey(ds, a.id, ['/person/search']);
    const mcp = await s.connect(a.key);
    const from = new Date(Date.now() - 1000).toISOString();
    const { email, person } = s.live;
    responses.push(
      await s.http('/person/enrich', { email }, a.key),
      await s.http('/person/enrich', { email }, a.key),
      await s.http('/person/enrich', { email: 'nobody.at.all@example.invalid' }, a.key),
      await s.http('/person/enrich', {}, a.key),
      await s.http('/sandbox/person/enrich', { svc_id: SANDBOX_PERSON.svc_id }, a.key),
      await s.http(
        '/person/enrich/bulk',
        { requests: [{ svc_id: person }, { email: 'no.one@example.invalid' }] },
        second.key,
      ),
      await s.http('/person/enrich', { email }, limited.key),
      await s.http('/person/enrich', { email }, b.key),
    );
    const tool = await call(mcp, 'enrich_person', { email });
    expect([tool.http.status, tool.structured]).toEqual([200, expect.anything()]);
    expect(tool.http.headers['x-credits-charged']).toBe('1');
    await recorded(a.id, 8);
    await recorded(b.id, 1);
    window = { from, to: new Date(Date.now() + 1).toISOString() };
    await new Promise((r) => setTimeout(r, 5));
  }, 60_000);

  it('made the mix it means to: two matches, a miss, a refused body, the sandbox, a bulk of one match, a 403', () => {
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 400, 200, 200, 403, 200]);
    expect(responses.map((r) => r.headers['x-credits-charged'] ?? null)).toEqual([
      '1',
      '1',
      '0',
      null,
      null,
      '1',
      null,
      '1',
    ]);
  });

  it('counts per endpoint: credits and matches as charged, requests and errors as answered', async () => {
    const body = await usage(a.key, 'endpoint');
    expect(body).toEqual({
      ...window,
      group_by: 'endpoint',
      groups: [
        { endpoint: 'mcp:enrich_person', ...figures(1, 1, 1, 0) },
        { endpoint: 'person_bulk', ...figures(1, 1, 1, 0) },
        { endpoint: 'person_enrich', ...figures(2, 2, 5, 2) },
        { endpoint: 'sandbox_person_enrich', ...figures(0, 0, 1, 0) },
      ],
      total: figures(4, 4, 8, 2),
    });
  });

  it('counts per key, with each key’s prefix', async () => {
    const prefixes = await s.sql<{ id: number; prefix: string }>(
      `SELECT id, prefix FROM api_keys WHERE team_id = $1 ORDER BY id`,
      [a.id],
    );
    const prefix = (id: number) => prefixes.find((p) => p.id === id)!.prefix;
    const body = await usage(a.key, 'key');
    expect(body.groups).toEqual([
      { key_id: a.keyId, key_prefix: prefix(a.keyId), ...figures(3, 3, 6, 1) },
      { key_id: second.keyId, key_prefix: prefix(second.keyId), ...figures(1, 1, 1, 0) },
      { key_id: limited.keyId, key_prefix: prefix(limited.keyId), ...figures(0, 0, 1, 1) },
    ]);
    expect(body.total).toEqual(figures(4, 4, 8, 2));
  });

  it('counts per UTC day', async () => {
    const body = await usage(a.key, 'day');
    const days = [...new Set([window.from, window.to].map((t) => t.slice(0, 10)))];
    // The mix takes seconds: it spans one day unless it ran across midnight (UTC).
    if (days.length === 1) expect(body.groups).toEqual([{ day: days[0], ...figures(4, 4, 8, 2) }]);
    expect(body.total).toEqual(figures(4, 4, 8, 2));
  });

  it('shows another team only its own', async () => {
    const body = await usage(b.key, 'endpoint');
    expect(body.groups).toEqual([{ endpoint: 'person_enrich', ...figures(1, 1, 1, 0) }]);
    const { events } = await walk(b.key, 10);
    expect(events.map((e) => [e.endpoint, e.key_id])).toEqual([['person_enrich', b.keyId]]);
  });

  it('pages every event once, newest first, by cursor', async () => {
    const { events, pages } = await walk(a.key, 3);
    expect(pages).toEqual([3, 3, 2]);
    expect(new Set(events.map((e) => e.id)).size).toBe(8);
    const times = events.map((e) => e.time);
    expect([...times].sort().reverse()).toEqual(times);
    const summary = events
      .map((e) => `${e.endpoint} ${e.status} ${e.credits} ${e.sandbox} ${e.key_id}`)
      .sort();
    expect(summary).toEqual(
      [
        `mcp:enrich_person 200 1 false ${a.keyId}`,
        `person_bulk 200 1 false ${second.keyId}`,
        `person_enrich 200 0 false ${a.keyId}`,
        `person_enrich 200 1 false ${a.keyId}`,
        `person_enrich 200 1 false ${a.keyId}`,
        `person_enrich 400 0 false ${a.keyId}`,
        `person_enrich 403 0 false ${limited.keyId}`,
        `sandbox_person_enrich 200 0 true ${a.keyId}`,
      ].sort(),
    );
    // Each event's id is its answer's X-Request-Id.
    const ids = responses.slice(0, 7).map((r) => r.headers['x-request-id']);
    expect(events.map((e) => e.id)).toEqual(expect.arrayContaining(ids));
    expect(events.every((e) => e.key_prefix !== null && e.method !== '')).toBe(true);
  });

  it('filters events by endpoint and key', async () => {
    const byEndpoint = await walk(a.key, 2, { ...window, endpoint: 'person_enrich' });
    expect(byEndpoint.events.map((e) => e.endpoint)).toEqual(Array(5).fill('person_enrich'));
    const byKey = await walk(a.key, 100, { ...window, key_id: limited.keyId });
    expect(byKey.events.map((e) => e.status)).toEqual([403]);
  });

  it('refuses a cursor of another team, an altered one, or one sent with another query', async () => {
    const first = (await get('/usage/events', a.key, { ...window, limit: 1 })).json() as {
      next_cursor: string;
    };
    const cursor = first.next_cursor;
    expect(typeof cursor).toBe('string');
    expectErrorResponse(await get('/usage/events', b.key, { cursor }), 400, 'invalid_cursor');
    const [json, tag] = cursor.split('.');
    const body = JSON.parse(Buffer.from(json, 'base64url').toString());
    body.after.id = '1';
    const altered = `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${tag}`;
    expectErrorResponse(await get('/usage/events', a.key, { cursor: altered }), 400, 'invalid_cursor');
    expectErrorResponse(await get('/usage/events', a.key, { cursor: 'nonsense' }), 400, 'invalid_cursor');
    const other = await get('/usage/events', a.key, { cursor, endpoint: 'person_bulk' });
    expect(expectErrorResponse(other, 400, 'invalid_cursor').message).toContain('endpoint');
    // The same query again, or none of it: the walk goes on.
    expect((await get('/usage/events', a.key, { ...window, cursor })).statusCode).toBe(200);
    expect((await get('/usage/events', a.key, { cursor, limit: 1 })).statusCode).toBe(200);
  });

  it.each([
    [{ group_by: 'week' }, 'group_by'],
    [{ from: '2026-02-30' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ from: '2026-11-29T10:00:00' }, 'from'],
    [{ from: '2024-01-01', to: '2025-06-30' }, 'from'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'from'],
  ])('refuses GET /usage with %j, naming the parameter', async (query, field) => {
    const body = expectErrorResponse(await get('/usage', a.key, query), 422, 'validation_failed');
    expect(problemFields(body)).toEqual([field]);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 1001 }, 'limit'],
    [{ key_id: 'mine' }, 'key_id'],
    [{ endpoint: 'Person Enrich' }, 'endpoint'],
  ])('refuses GET /usage/events with %j', async (query, field) => {
    const body = expectErrorResponse(await get('/usage/events', a.key, query), 422, 'validation_failed');
    expect(problemFields(body)).toEqual([field]);
  });

  it('reads a date as a whole UTC day and defaults to the last 30 days', async () => {
    const day = await usage(a.key, 'day', { from: '2026-11-01', to: '2026-11-30' });
    expect([day.from, day.to]).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    const before = Date.now();
    const res = await get('/usage', a.key);
    const { from, to } = res.json() as { from: string; to: string };
    expect(Date.parse(to) - Date.parse(from)).toBe(30 * 86_400_000);
    expect(Date.parse(to)).toBeGreaterThanOrEqual(before - 1);
  });

  it("gives an agent key its team's usage and its own events only", async () => {
    const agent = await seedAgentKey(s.env.db.dataSource, a.id);
    const mine = await s.http('/sandbox/person/enrich', { svc_id: SANDBOX_PERSON.svc_id }, agent.key);
    expect(mine.statusCode).toBe(200);
    expect((await usage(agent.key, 'endpoint')).total).toEqual(figures(4, 4, 8, 2));
    const until = Date.now() + 10_000;
    let events: Event[] = [];
    // Events are written in batches: poll, slowly enough to stay inside the usage bucket (60/min).
    while (!events.some((e) => e.endpoint === 'sandbox_person_enrich') && Date.now() < until) {
      events = (await walk(agent.key, 100, {})).events;
      if (!events.some((e) => e.endpoint === 'sandbox_person_enrich'))
        await new Promise((r) => setTimeout(r, 250));
    }
    // Its own reads of usage are events too, all of its own key.
    expect(events.filter((e) => e.endpoint === 'sandbox_person_enrich')).toHaveLength(1);
    expect(new Set(events.map((e) => e.key_id))).toEqual(new Set([agent.keyId]));
    const other = await get('/usage/events', agent.key, { key_id: a.keyId });
    expectErrorResponse(other, 403, 'forbidden');
  });

  it('records a POST /mcp that /mcp refuses as `mcp`, and not its 405 to GET', async () => {
    const searchOnly = await seedKey(s.env.db.dataSource, b.id, ['/person/search']);
    const refused = await s.stack.gateway.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'api-key': searchOnly.key, 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(refused.statusCode).toBe(403);
    const unlimited = await seedKey(s.env.db.dataSource, b.id);
    const stream = await s.stack.gateway.inject({
      method: 'GET',
      url: '/mcp',
      headers: { 'api-key': unlimited.key },
    });
    expect(stream.statusCode).toBe(405);
    const mine = `SELECT count(*)::int AS n FROM api_requests WHERE api_key_id = $1`;
    const until = Date.now() + 10_000;
    while ((await s.sql<{ n: number }>(mine, [searchOnly.keyId]))[0].n === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    // Whatever else waits is written now: a 405 recorded would be in the table.
    await s.stack.gateway.get(UsageEventsService).flush();
    const events = await s.sql<{ endpoint: string; status: number; method: string; api_key_id: number }>(
      `SELECT endpoint, status, method, api_key_id FROM api_requests WHERE api_key_id = ANY($1)`,
      [[searchOnly.keyId, unlimited.keyId]],
    );
    expect(events).toEqual([{ endpoint: 'mcp', status: 403, method: 'POST', api_key_id: searchOnly.keyId }]);
  });

  it('answers the MCP tool get_usage as GET /usage', async () => {
    const mcp = await s.connect(a.key);
    const args = { ...window, group_by: 'endpoint' };
    const tool = await call(mcp, 'get_usage', args);
    expect(tool.isError).toBeFalsy();
    expect(tool.structured).toEqual(await usage(a.key, 'endpoint'));
    const bad = await call(mcp, 'get_usage', { group_by: 'month' });
    expect(bad.structured.error).toBe('validation_failed');
  });

  it('purges events older than USAGE_EVENTS_RETENTION_DAYS, and only those', async () => {
    const team = await seedTeam(s.env.db.dataSource);
    const days = s.env.config.usageEvents.retentionDays;
    await s.sql(
      `INSERT INTO api_requests (created_at, team_id, request_id, method, endpoint, status)
       SELECT now() - make_interval(days => d), $1, 'r' || d, 'GET', 'builds', 200
         FROM unnest($2::int[]) AS d`,
      [team.id, [days + 30, days + 1, days - 1, 0]],
    );
    const purged = await s.stack.gateway.get(UsageEventsPurgeService).purge();
    expect(purged).toBeGreaterThanOrEqual(2);
    const left = await s.sql<{ request_id: string }>(
      `SELECT request_id FROM api_requests WHERE team_id = $1 ORDER BY created_at`,
      [team.id],
    );
    expect(left.map((r) => r.request_id)).toEqual([`r${days - 1}`, 'r0']);
  });

  it('writes the events it holds when the gateway shuts down', async () => {
    const gateway = await bootGateway(s.env.config);
    const before = await rows(b.id);
    const res = await gateway.inject({ method: 'GET', url: '/usage/events', headers: { 'api-key': b.key } });
    expect(res.statusCode).toBe(200);
    await gateway.close();
    expect(await rows(b.id)).toBe(before + 1);
  });
});
