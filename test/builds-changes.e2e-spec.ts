import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import type { Entity } from '@app/contracts';
import { Change, changesPage, deleteBuild, insertLoadingBuild } from '@app/store';
import { expectErrorResponse, HttpHarness, seedKey } from '@app/testing';
import { COMPANIES_FILE, PEOPLE_FILE } from '../apps/cli/src/data-builds/generator';
import { loadChangedBuilds } from './changes/fixture';
import { captureEnvCli } from './cli/capture';
import { companies, jsonl, loadSuite, people } from './data-load/harness';
import { gatewayHarness } from './gateway';
import { call, connectMcp } from './mcp/client';

const A = '1.0.0_2026-12-01';
const B = '1.1.0_2026-12-08';
const S1 = '1.0.0_2026-12-02';
const S2 = '1.0.1_2026-12-03';

type Served = Omit<Change, 'entity'>;
interface Page {
  from: string;
  to: string;
  entity: Entity;
  changes: Served[];
  next_cursor: string | null;
}

const served = ({ entity: _entity, ...change }: Change): Served => change;

/**
 * GET /builds/changes and /sandbox/builds/changes (docs/data-builds.md, "Changelog"): the
 * changelog data:changes prints, a bounded page at a time, free, scope-checked, and the
 * list_build_changes tool. Builds A → B as data-changes.e2e-spec.ts makes them; two sandbox builds.
 */
describe('GET /builds/changes', () => {
  const s = loadSuite();
  let h: HttpHarness;
  let mcp: Client;
  let expected: Change[] = [];
  const sandboxExpected: Served[] = [];

  beforeAll(async () => {
    expected = await loadChangedBuilds(s, A, B);
    const [kept, edited, dropped] = people(3, 's1');
    // The same company in both: no company changes.
    const company = companies(1);
    const sandboxDir = (rows: unknown[]) =>
      s.dataDir({ [PEOPLE_FILE]: jsonl(rows), [COMPANIES_FILE]: jsonl(company) });
    await s.load({ dir: sandboxDir([kept, edited, dropped]), buildId: S1, sandbox: true });
    const [added] = people(1, 's2');
    await s.load({
      dir: sandboxDir([kept, { ...edited, num_sources: (edited.num_sources ?? 0) + 1 }, added]),
      buildId: S2,
      sandbox: true,
    });
    sandboxExpected.push(
      ...[
        { svc_id: edited.svc_id, change: 'updated' as const, fields_updated: ['num_sources'] },
        { svc_id: dropped.svc_id, change: 'deleted' as const },
        { svc_id: added.svc_id, change: 'added' as const },
      ].sort((x, y) => (x.svc_id < y.svc_id ? -1 : 1)),
    );
    h = await gatewayHarness({ env: s.env, team: { credits: 10 } });
    await h.app.listen(0, '127.0.0.1');
    const port = (h.app.getHttpServer().address() as AddressInfo).port;
    mcp = await connectMcp(`http://127.0.0.1:${port}/mcp`, h.team.key);
  }, 180_000);
  afterAll(async () => {
    await mcp?.close();
    await h?.close();
  });

  const of = (entity: Entity) => expected.filter((c) => c.entity === entity).map(served);
  const get = (path: string, query: Record<string, string>, key?: string) => h.get(path, query, key);

  /** Every page from the first, following next_cursor; each page checked for its bound and echo. */
  async function walk(
    path: string,
    query: Record<string, string>,
  ): Promise<{ pages: Page[]; all: Served[] }> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(path, cursor === null ? query : { ...query, cursor });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-credits-charged']).toBeUndefined();
      const page = res.json<Page>();
      expect(page).toMatchObject({ from: query.from, to: query.to, entity: query.entity ?? 'person' });
      expect(page.changes.length).toBeLessThanOrEqual(Number(query.size ?? 100));
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor !== null && pages.length < 200);
    return { pages, all: pages.flatMap((p) => p.changes) };
  }

  const cli = (args: string[]) => captureEnvCli(s.env)(args);
  const cliChanges = async (args: string[]) => {
    const out = await cli(['data:changes', ...args]);
    expect(out.code).toBe(0);
    return out.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => served(JSON.parse(l) as Change));
  };

  it('walks pages of 2 to exactly the changes data:changes prints for people, in svc_id order, free', async () => {
    const usage = () =>
      h.sql<{ n: number }>('SELECT count(*)::int AS n FROM usage WHERE team_id = $1', [h.team.id]);
    const before = await usage();
    const { pages, all } = await walk('/builds/changes', { from: A, to: B, size: '2' });
    expect(all).toEqual(of('person'));
    expect(all).toEqual(await cliChanges([A, B, '--entity', 'person']));
    expect(pages.length).toBe(Math.ceil(all.length / 2));
    expect(pages.at(-1)!.next_cursor).toBeNull();
    expect(await h.balance()).toBe(10);
    expect(await usage()).toEqual(before);
  });

  it('walks companies one change a page, and B to A swaps added and deleted', async () => {
    const companyPages = await walk('/builds/changes', { from: A, to: B, entity: 'company', size: '1' });
    expect(companyPages.all).toEqual(of('company'));
    expect(companyPages.pages.map((p) => p.changes.length)).toEqual([1, 1, 1]);
    const swap = { added: 'deleted', deleted: 'added', updated: 'updated' } as const;
    const back = await walk('/builds/changes', { from: B, to: A, size: '3' });
    expect(back.all).toEqual(of('person').map((c) => ({ ...c, change: swap[c.change] })));
    expect(back.all).toEqual(await cliChanges([B, A, '--entity', 'person']));
  });

  it('answers one page of people by default (size 100), and nothing for a build compared with itself', async () => {
    const res = await get('/builds/changes', { from: A, to: B });
    expect(res.json()).toEqual({
      from: A,
      to: B,
      entity: 'person',
      changes: of('person'),
      next_cursor: null,
    });
    const same = await get('/builds/changes', { from: B, to: B, entity: 'company' });
    expect(same.json()).toEqual({ from: B, to: B, entity: 'company', changes: [], next_cursor: null });
  });

  it('ends a page after the records it may examine: fewer changes than size, and the same changelog', async () => {
    // The endpoint's own bound is 5,000 records; the same function with 3 shows what a sparse page does.
    const ds = s.env.db.dataSource;
    const all: Served[] = [];
    let [after, pages, short] = [null as string | null, 0, 0];
    do {
      const page = await changesPage(ds, {
        entity: 'person',
        from: A,
        to: B,
        after,
        size: 2,
        scanLimit: 3,
        pageSize: 2,
        fetchSize: 1,
      });
      all.push(...page.changes.map(served));
      if (page.changes.length < 2 && page.resumeAfter !== null) short++;
      after = page.resumeAfter;
      pages++;
    } while (after !== null && pages < 100);
    expect(all).toEqual(of('person'));
    expect(short).toBeGreaterThan(0);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(43 / 3));
  });

  describe('the cursor', () => {
    let cursor: string;
    beforeAll(async () => {
      cursor = (await get('/builds/changes', { from: A, to: B, size: '2' })).json<Page>().next_cursor!;
      expect(cursor).toEqual(expect.any(String));
    });

    it('continues only its own changelog: another to, entity or path is 400 naming what differs', async () => {
      for (const [path, query, mismatched] of [
        ['/builds/changes', { from: A, to: A }, ['to']],
        ['/builds/changes', { from: A, to: B, entity: 'company' }, ['entity']],
        ['/sandbox/builds/changes', { from: S1, to: S2 }, ['kind', 'from', 'to']],
      ] as const) {
        const body = expectErrorResponse(await get(path, { ...query, cursor }), 400, 'invalid_request');
        expect(body.details).toMatchObject({ parameter: 'cursor', reason: 'mismatched', mismatched });
      }
    });

    it('refuses a tampered or made-up cursor with 400', async () => {
      const edited = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      const forged = Buffer.from(JSON.stringify({ ...edited, after: 'not-a-uuid' })).toString('base64url');
      for (const bad of [
        `${cursor.slice(0, -3)}xyz`,
        cursor.slice(1),
        'bm90IGEgY3Vyc29y',
        forged,
        'a'.repeat(2000),
      ]) {
        const body = expectErrorResponse(
          await get('/builds/changes', { from: A, to: B, cursor: bad }),
          400,
          'invalid_request',
        );
        expect(body.details).toMatchObject({ parameter: 'cursor', reason: 'malformed' });
      }
    });
  });

  describe('refusals, in the error shape and never 5xx', () => {
    it('answers 422 naming the field for a missing or malformed from/to, entity or size', async () => {
      for (const [query, field] of [
        [{ to: B }, 'from'],
        [{ from: 'latest', to: B }, 'from'],
        [{ from: A, to: '1.0.0_2026-02-30' }, 'to'],
        [{ from: A, to: B, entity: 'people' }, 'entity'],
        [{ from: A, to: B, size: '0' }, 'size'],
        [{ from: A, to: B, size: '1001' }, 'size'],
        [{ from: A, to: B, size: 'ten' }, 'size'],
        [{ from: A, to: B, page: '2' }, 'page'],
      ] as const) {
        const body = expectErrorResponse(await get('/builds/changes', query), 422, 'validation_failed');
        expect((body.details as Array<{ field: string }>).map((d) => d.field)).toContain(field);
      }
    });

    it('answers 404 for an unknown build, and for a build of the other kind on either path', async () => {
      for (const [path, query, parameter] of [
        ['/builds/changes', { from: A, to: '9.9.9_2026-12-09' }, 'to'],
        ['/builds/changes', { from: S1, to: B }, 'from'],
        ['/sandbox/builds/changes', { from: A, to: B }, 'from'],
        ['/sandbox/builds/changes', { from: S1, to: B }, 'to'],
      ] as const) {
        const body = expectErrorResponse(await get(path, query), 404, 'not_found');
        expect(body.details).toEqual({ parameter, build: query[parameter] });
      }
    });

    it('answers 409 for a build that is loading or failed to load', async () => {
      const loading = '1.3.0_2026-12-04';
      await insertLoadingBuild(s.env.db.dataSource, loading, 'live');
      const failed = '1.2.0_2026-12-03';
      await expect(
        s.load({
          dir: s.dataDir({ [PEOPLE_FILE]: jsonl(people(10, 'f')), [COMPANIES_FILE]: jsonl(companies(1)) }),
          buildId: failed,
          batchSize: 5,
          afterBatch: () => {
            throw new Error('disk unplugged');
          },
        }),
      ).rejects.toThrow('disk unplugged');
      try {
        for (const [build, status] of [
          [loading, 'loading'],
          [failed, 'failed'],
        ]) {
          const body = expectErrorResponse(
            await get('/builds/changes', { from: A, to: build }),
            409,
            'conflict',
          );
          expect(body.details).toEqual({ parameter: 'to', build, status });
          // What made the load fail is the operator's to read (data:builds), not the API's to tell.
          expect(body.message).not.toContain('disk unplugged');
        }
      } finally {
        await deleteBuild(s.env.db.dataSource, loading);
        await deleteBuild(s.env.db.dataSource, failed);
      }
    });
  });

  it('wants a key, and a limited key must list the exact path (the sandbox gets no exemption)', async () => {
    const path = '/builds/changes';
    const query = { from: A, to: B };
    expect((await h.request({ method: 'GET', url: path, query })).statusCode).toBe(401);
    const listOnly = await seedKey(s.env.db.dataSource, h.team.id, ['/builds', '/sandbox/builds']);
    for (const [p, q] of [
      [path, query],
      ['/sandbox/builds/changes', { from: S1, to: S2 }],
    ] as const) {
      const body = expectErrorResponse(await get(p, q, listOnly.key), 403, 'forbidden');
      expect(body.details).toMatchObject({ endpoint: p });
    }
    const live = await seedKey(s.env.db.dataSource, h.team.id, [path]);
    expect((await get(path, query, live.key)).statusCode).toBe(200);
    expect((await get('/sandbox/builds/changes', { from: S1, to: S2 }, live.key)).statusCode).toBe(403);
    const sandbox = await seedKey(s.env.db.dataSource, h.team.id, ['/sandbox/builds/changes']);
    expect((await get('/sandbox/builds/changes', { from: S1, to: S2 }, sandbox.key)).statusCode).toBe(200);
  });

  it('serves the sandbox builds on /sandbox/builds/changes, free', async () => {
    const { all } = await walk('/sandbox/builds/changes', { from: S1, to: S2, size: '1' });
    expect(all).toEqual(sandboxExpected);
    const companyPage = await get('/sandbox/builds/changes', { from: S1, to: S2, entity: 'company' });
    expect(companyPage.json<Page>().changes).toEqual([]);
    expect(await h.balance()).toBe(10);
  });

  it('answers the same pages through the MCP tool list_build_changes, live and sandbox', async () => {
    const { tools } = await mcp.listTools();
    const tool = tools.find((t) => t.name === 'list_build_changes')!;
    expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(
      ['cursor', 'entity', 'from', 'sandbox', 'size', 'to'].sort(),
    );
    expect(tool.inputSchema.required).toEqual(['from', 'to']);
    expect(Object.keys(tool.outputSchema!.properties as object).sort()).toEqual(
      ['from', 'to', 'entity', 'changes', 'next_cursor'].sort(),
    );
    for (const [path, args] of [
      ['/builds/changes', { from: A, to: B, entity: 'company', size: 2 }],
      ['/sandbox/builds/changes', { from: S1, to: S2 }],
    ] as const) {
      const sandbox = path.startsWith('/sandbox/');
      const query = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)]));
      const viaHttp = (await get(path, query)).json<Page>();
      const first = await call(mcp, 'list_build_changes', { ...args, ...(sandbox ? { sandbox } : {}) });
      expect(first.isError).toBe(false);
      expect(first.structured).toEqual(viaHttp);
      expect(first.http.headers['x-credits-charged']).toBeUndefined();
      if (viaHttp.next_cursor === null) continue;
      const next = await call(mcp, 'list_build_changes', { ...args, cursor: viaHttp.next_cursor });
      expect(next.structured).toEqual((await get(path, { ...query, cursor: viaHttp.next_cursor })).json());
    }
    const refused = await call(mcp, 'list_build_changes', { from: A, to: B, cursor: 'nope' });
    expect(refused.isError).toBe(true);
    expect(refused.structured).toMatchObject({ error: 'invalid_request', details: { parameter: 'cursor' } });
    expect(await h.balance()).toBe(10);
  });
});
