import type { AddressInfo } from 'node:net';
import { cursorSecret } from '@app/config';
import { RESULT_FIELD } from '@app/contracts';
import { aliasName, aliasTargets, bulkIndex, createOpenSearchClient } from '@app/search-index';
import { insertApiKey } from '@app/store';
import { balanceOf, createTestEnvironment, seedTeam, TestEnvironment } from '@app/testing';
import type { Client } from '@opensearch-project/opensearch';
import { openCursor, sealCursor } from '../apps/gateway/src/search-client/page-cursor';
import { call, connectMcp } from './mcp/client';
import { loadTestBuilds, SearchStack, startSearchStack } from './search/harness';

/** Rows of the walked result set: past the 10,000-row offset cap, three times over. */
const ROWS = 30_000;
const CITY = 'cursorville';
/** The first 12,000 rows live in another city: discover walks those, past the offset cap too. */
const DISCOVERED = 12_000;
const DISCOVERED_CITY = 'walkerton';
const SQL = `SELECT * FROM people WHERE city IN ('${CITY}', '${DISCOVERED_CITY}')`;
const DESCRIPTION = `people in ${DISCOVERED_CITY}`;
/** svc_ids are uuids; these sort as their numbers do. */
const walkerId = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/**
 * Cursor paging of POST /person/search and /person/discover through gateway → NATS → worker →
 * OpenSearch: a walk of 30,000 rows (synthetic documents indexed straight into the served build,
 * beside a small generated one) and the cursor's refusals.
 */
describe('search and discover cursors', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  let os: Client;
  const post = (url: string, payload: object, key?: string) => stack!.post(url, payload, key);

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '10000',
      // A discover walk of 12,000 rows is 120 pages: more than a minute's default discover limit.
      RATE_LIMIT_DISCOVER_PER_MINUTE: '1000',
    });
    await loadTestBuilds(env, { people: 120, companies: 12, seed: 32 }, { sandbox: true });
    os = createOpenSearchClient(env.config.opensearch);
    const [index] = await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live'));
    for (let start = 0; start < ROWS; start += 5_000) {
      const docs = Array.from({ length: 5_000 }, (_, k) => {
        const svc_id = walkerId(start + k);
        const full_name = `walker ${start + k}`;
        const city = start + k < DISCOVERED ? DISCOVERED_CITY : CITY;
        return { svc_id, full_name, city, [RESULT_FIELD]: { svc_id, full_name, city } };
      });
      expect(await bulkIndex(os, index, docs)).toEqual([]);
    }
    await os.indices.refresh({ index });
    stack = await startSearchStack(env, { name: 'walkers', credits: 1_000_000, tier: 'standard' });
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    await os?.close();
    await env?.cleanup();
  });

  /** Pages `url` from its first page to the end; the ids in order, and what each page charged. */
  async function walk(url: string, query: string, limit: number, rows: number) {
    const ids: string[] = [];
    let charged = 0;
    let pages = 0;
    let cursor: string | null = null;
    do {
      const res = await post(url, cursor ? { query, limit, cursor } : { query, limit });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(rows);
      ids.push(...body.matches.map((m: { person: { svc_id: string } }) => m.person.svc_id));
      charged += Number(res.headers['x-credits-charged']);
      expect(body).toHaveProperty('next_cursor');
      cursor = body.next_cursor;
      pages++;
    } while (cursor !== null);
    return { ids, charged, pages };
  }

  const expected = Array.from({ length: ROWS }, (_, i) => walkerId(i));

  it('walks a 30,000-row search to its end, each row once in svc_id order, billed per row', async () => {
    const before = await balanceOf(env.db.dataSource, stack!.teamId);
    const { ids, charged, pages } = await walk('/person/search', SQL, 100, ROWS);
    expect(ids).toEqual(expected);
    expect(pages).toBe(ROWS / 100);
    expect(charged).toBe(ROWS);
    expect(await balanceOf(env.db.dataSource, stack!.teamId)).toBe(before - ROWS);
  }, 180_000);

  it('walks a 12,000-row discover to its end, answering its reading on every page', async () => {
    const first = await post('/person/discover', { query: DESCRIPTION, limit: 100 });
    expect(first.statusCode).toBe(200);
    expect(first.json().generated_query).toContain(DISCOVERED_CITY);
    const second = await post('/person/discover', {
      query: DESCRIPTION,
      limit: 100,
      cursor: first.json().next_cursor,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().generated_query).toBe(first.json().generated_query);
    expect(second.json().interpretation).toEqual(first.json().interpretation);
    const { ids, pages } = await walk('/person/discover', DESCRIPTION, 100, DISCOVERED);
    expect(ids).toEqual(expected.slice(0, DISCOVERED));
    expect(pages).toBe(DISCOVERED / 100);
  }, 180_000);

  it('continues an offset page by its cursor, and answers null where the rows end', async () => {
    const deep = await post('/person/search', { query: SQL, limit: 10, offset: 9_995 });
    expect(deep.json().matches.map((m: { person: { svc_id: string } }) => m.person.svc_id)).toEqual(
      expected.slice(9_995, 10_005),
    );
    const next = await post('/person/search', { query: SQL, limit: 10, cursor: deep.json().next_cursor });
    expect(next.json().matches.map((m: { person: { svc_id: string } }) => m.person.svc_id)).toEqual(
      expected.slice(10_005, 10_015),
    );
    const one = await post('/person/search', { query: `${SQL} AND full_name = 'walker 7'`, limit: 10 });
    expect(one.json().matches).toHaveLength(1);
    expect(one.json().next_cursor).toBeNull();
    const few = await post('/sandbox/person/search', {
      query: "SELECT * FROM people WHERE NOT (skills = 'no such skill')",
      limit: 100,
    });
    expect(few.statusCode).toBe(200);
    expect(few.json().next_cursor).toBeNull();
  });

  it('walks the sandbox mirror too', async () => {
    const query = "SELECT * FROM people WHERE NOT (skills = 'no such skill')";
    const whole = (await post('/sandbox/person/search', { query, limit: 100 })).json();
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await post(
        '/sandbox/person/search',
        cursor ? { query, limit: 2, cursor } : { query, limit: 2 },
      );
      const body = res.json() as { matches: { person: { svc_id: string } }[]; next_cursor: string | null };
      ids.push(...body.matches.map((m: { person: { svc_id: string } }) => m.person.svc_id));
      cursor = body.next_cursor;
    } while (cursor !== null);
    expect(ids).toEqual(whole.matches.map((m: { person: { svc_id: string } }) => m.person.svc_id));
    expect(ids.length).toBeGreaterThan(2);
  });

  async function secondPageCursor(url: string, query: string): Promise<string> {
    const first = (await post(url, { query, limit: 5 })).json();
    return (await post(url, { query, limit: 5, cursor: first.next_cursor })).json().next_cursor;
  }

  it('answers 400 cursor_expired for a walk whose point-in-time is gone, and past its keep-alive', async () => {
    for (const [url, query] of [
      ['/person/search', SQL],
      ['/person/discover', DESCRIPTION],
    ]) {
      const cursor = await secondPageCursor(url, query);
      const scope = {
        teamId: stack!.teamId,
        route: url.endsWith('search') ? ('search' as const) : ('discover' as const),
        entity: 'person' as const,
        kind: 'live' as const,
        query,
      };
      const opened = openCursor(cursor, scope, cursorSecret(env.config), Date.now());
      expect(opened.next.pit).toEqual(expect.any(String));
      // What an idle walk comes to: OpenSearch has freed its point-in-time.
      await os.deletePit({ body: { pit_id: [opened.next.pit!] } });
      const gone = await post(url, { query, limit: 5, cursor });
      expect(gone.statusCode).toBe(400);
      expect(gone.json().error).toBe('cursor_expired');
      // A cursor past its keep-alive is refused by the gateway before any worker is asked.
      const stale = sealCursor(scope, opened.next, opened.reading, cursorSecret(env.config), Date.now() - 1);
      const late = await post(url, { query, limit: 5, cursor: stale });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe('cursor_expired');
    }
  });

  it('answers 400 invalid_cursor for another team, another query and an altered byte', async () => {
    const other = await seedTeam(env.db.dataSource, { credits: 1_000 });
    for (const [url, query, otherQuery] of [
      ['/person/search', SQL, `${SQL} AND full_name IS NOT NULL`],
      ['/person/discover', DESCRIPTION, `engineers in ${CITY}`],
    ]) {
      const first = (await post(url, { query, limit: 5 })).json();
      const cursor: string = first.next_cursor;
      const refusals = [
        await post(url, { query, limit: 5, cursor }, other.key),
        await post(url, { query: otherQuery, limit: 5, cursor }),
        await post(url.replace('/person/', '/sandbox/person/'), { query, limit: 5, cursor }),
        await post(url.includes('search') ? '/person/discover' : '/person/search', {
          query: url.includes('search') ? DESCRIPTION : SQL,
          limit: 5,
          cursor,
        }),
      ];
      for (const at of [0, 20, cursor.length - 1]) {
        const flipped = cursor[at] === 'A' ? 'B' : 'A';
        refusals.push(
          await post(url, { query, limit: 5, cursor: cursor.slice(0, at) + flipped + cursor.slice(at + 1) }),
        );
      }
      refusals.push(await post(url, { query, limit: 5, cursor: `${cursor}+` }));
      for (const res of refusals) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('invalid_cursor');
      }
      // The cursor itself still works for its own team and query.
      const ok = await post(url, { query, limit: 5, cursor });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('answers 422 for a cursor with an offset', async () => {
    const first = (await post('/person/search', { query: SQL, limit: 5 })).json();
    const res = await post('/person/search', { query: SQL, limit: 5, offset: 5, cursor: first.next_cursor });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([
      { field: 'cursor', problems: [expect.stringContaining('send cursor or offset, not both')] },
    ]);
  });

  it('opens a point-in-time from the second page on, and closes it when the walk ends', async () => {
    const query = `${SQL} AND full_name IN ('walker 1', 'walker 2', 'walker 3', 'walker 4', 'walker 5')`;
    const scope = {
      teamId: stack!.teamId,
      route: 'search' as const,
      entity: 'person' as const,
      kind: 'live' as const,
      query,
    };
    const pitOf = (cursor: string) =>
      openCursor(cursor, scope, cursorSecret(env.config), Date.now()).next.pit;
    const first = (await post('/person/search', { query, limit: 2 })).json();
    expect(pitOf(first.next_cursor)).toBeNull();
    const second = (await post('/person/search', { query, limit: 2, cursor: first.next_cursor })).json();
    const pit = pitOf(second.next_cursor);
    const open = async () =>
      ((await os.getAllPits()).body as { pits?: { pit_id: string }[] }).pits?.map((p) => p.pit_id) ?? [];
    expect(await open()).toContain(pit);
    const last = (await post('/person/search', { query, limit: 2, cursor: second.next_cursor })).json();
    expect(last.matches.map((m: { person: { full_name: string } }) => m.person.full_name)).toEqual([
      'walker 5',
    ]);
    expect(last.next_cursor).toBeNull();
    // Closing is not awaited by the page.
    for (let i = 0; i < 20 && (await open()).includes(pit!); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await open()).not.toContain(pit);
  });

  it('bounds the walks one key opens: the 21st second page within a minute is 429, others go on', async () => {
    const { apiKey } = await insertApiKey(env.db.dataSource, stack!.teamId, null);
    // Two rows, one a page: the second page opens the walk's point-in-time and, ending it, closes it.
    const query = `${SQL} AND full_name IN ('walker 11', 'walker 12')`;
    const first = (await post('/person/search', { query, limit: 1 }, apiKey)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await post('/person/search', { query, limit: 1, cursor: first.next_cursor }, apiKey)).statusCode,
      );
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
    const refused = await post('/person/search', { query, limit: 1, cursor: first.next_cursor }, apiKey);
    expect(refused.json().details).toMatchObject({ limit: 'cursor_walk' });
    expect(refused.headers['retry-after']).toBe('60');
    // First pages and other keys' walks are not held back.
    expect((await post('/person/search', { query, limit: 1 }, apiKey)).statusCode).toBe(200);
    expect((await post('/person/search', { query, limit: 1, cursor: first.next_cursor })).statusCode).toBe(
      200,
    );
  });

  it('pages the MCP search and discover tools by cursor too', async () => {
    await stack!.gateway.listen(0, '127.0.0.1');
    const port = (stack!.gateway.getHttpServer().address() as AddressInfo).port;
    const mcp = await connectMcp(`http://127.0.0.1:${port}/mcp`, stack!.apiKey);
    try {
      const tools = (await mcp.listTools()).tools.filter((t) =>
        ['search_people', 'discover_people'].includes(t.name),
      );
      for (const tool of tools) {
        expect(tool.inputSchema.properties).toHaveProperty('cursor');
        expect(tool.outputSchema?.required).toContain('next_cursor');
      }
      for (const [name, query] of [
        ['search_people', SQL],
        ['discover_people', DESCRIPTION],
      ]) {
        const first = await call(mcp, name, { query, limit: 3 });
        const next = await call(mcp, name, { query, limit: 3, cursor: first.structured.next_cursor });
        expect(next.isError).toBe(false);
        const ids = (r: typeof first) =>
          (r.structured.matches as { person: { svc_id: string } }[]).map((m) => m.person.svc_id);
        expect([...ids(first), ...ids(next)]).toEqual(expected.slice(0, 6));
        const foreign = await call(mcp, name, {
          query: `${query} `,
          limit: 3,
          cursor: first.structured.next_cursor,
        });
        expect(foreign.isError).toBe(true);
        expect(foreign.structured.error).toBe('invalid_cursor');
      }
    } finally {
      await mcp.close();
    }
  });
});
