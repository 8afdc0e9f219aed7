import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import { HttpHarness, seedKey } from '@app/testing';
import { activateStoredBuild } from '../apps/cli/src/data-builds/activation/activate';
import { companies, jsonl, loadSuite, people } from './data-load/harness';
import { gatewayHarness } from './gateway';
import { call, connectMcp } from './mcp/client';

const OLD = '1.0.0_2026-12-01';
const NEW = '1.1.0_2026-12-02';

interface Listed {
  build: string;
  active: boolean;
  people: number;
  companies: number;
  loaded_at: string;
  activated_at: string | null;
}

/**
 * GET /builds and /sandbox/builds (docs/data-builds.md, "Over HTTP"): the stored builds of each
 * kind from the builds table, free, scope-checked like every endpoint, and the list_builds tool.
 */
describe('GET /builds', () => {
  const s = loadSuite();
  let h: HttpHarness;
  let mcp: Client;
  beforeAll(async () => {
    await s.load({
      dir: s.dataDir({ 'people.jsonl': jsonl(people(6, 'o')), 'companies.jsonl': jsonl(companies(2)) }),
      buildId: OLD,
    });
    await s.load({
      dir: s.dataDir({ 'people.jsonl': jsonl(people(9, 'n')), 'companies.jsonl': jsonl(companies(3)) }),
      buildId: NEW,
    });
    await s.load({ dir: 'data/sandbox', sandbox: true });
    h = await gatewayHarness({ env: s.env, team: { credits: 10 } });
    await h.app.listen(0, '127.0.0.1');
    const port = (h.app.getHttpServer().address() as AddressInfo).port;
    mcp = await connectMcp(`http://127.0.0.1:${port}/mcp`, h.team.key);
  }, 120_000);
  afterAll(async () => {
    await mcp?.close();
    await h?.close();
  });

  const rows = (sandbox: boolean) =>
    s.sql<{ id: string; person_count: number; company_count: number; activated_at: Date | null }>(
      `SELECT id, person_count, company_count, activated_at FROM builds
        WHERE is_sandbox = $1 AND status = 'ready' ORDER BY created_at DESC, id`,
      [sandbox],
    );

  it('lists both live builds newest first with their counts, the active flag and activation times, free', async () => {
    const res = await h.get('/builds');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-credits-charged']).toBeUndefined();
    expect(res.headers['x-credits-remaining']).toBeUndefined();
    const { builds } = res.json<{ builds: Listed[] }>();
    expect(
      builds.map(({ build, active, people, companies }) => ({ build, active, people, companies })),
    ).toEqual([
      { build: NEW, active: true, people: 9, companies: 3 },
      { build: OLD, active: false, people: 6, companies: 2 },
    ]);
    const stored = await rows(false);
    expect(builds.map((b) => b.activated_at)).toEqual(stored.map((r) => r.activated_at!.toISOString()));
    for (const b of builds) expect(new Date(b.loaded_at).toISOString()).toBe(b.loaded_at);
    expect(await h.balance()).toBe(10);
  });

  it('follows activation: the old build active again, its activated_at moved on', async () => {
    const before = (await h.get('/builds')).json<{ builds: Listed[] }>().builds;
    await activateStoredBuild(s.env.db.dataSource, s.os, s.env.config.opensearch, OLD);
    const after = (await h.get('/builds')).json<{ builds: Listed[] }>().builds;
    expect(after.map((b) => [b.build, b.active])).toEqual([
      [NEW, false],
      [OLD, true],
    ]);
    expect(after[1].activated_at! > before[1].activated_at!).toBe(true);
    expect(after[0].activated_at).toBe(before[0].activated_at);
    await activateStoredBuild(s.env.db.dataSource, s.os, s.env.config.opensearch, NEW);
  });

  it('lists the sandbox builds alone on /sandbox/builds', async () => {
    const res = await h.get('/sandbox/builds');
    expect(res.statusCode).toBe(200);
    const { builds } = res.json<{ builds: Listed[] }>();
    const stored = await rows(true);
    expect(stored).toHaveLength(1);
    expect(builds).toEqual(
      stored.map((r) => ({
        build: r.id,
        active: true,
        people: r.person_count,
        companies: r.company_count,
        loaded_at: expect.any(String),
        activated_at: r.activated_at!.toISOString(),
      })),
    );
    expect(builds.map((b) => b.build)).not.toContain(NEW);
  });

  it('wants a key, and a limited key must list the exact path (the sandbox gets no exemption)', async () => {
    expect((await h.request({ method: 'GET', url: '/builds' })).statusCode).toBe(401);
    const other = await seedKey(s.env.db.dataSource, h.team.id, ['/person/enrich', '/sandbox/person/enrich']);
    for (const path of ['/builds', '/sandbox/builds']) {
      const res = await h.get(path, {}, other.key);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden', details: { endpoint: path } });
    }
    const live = await seedKey(s.env.db.dataSource, h.team.id, ['/builds']);
    expect((await h.get('/builds', {}, live.key)).statusCode).toBe(200);
    expect((await h.get('/sandbox/builds', {}, live.key)).statusCode).toBe(403);
    const sandbox = await seedKey(s.env.db.dataSource, h.team.id, ['/sandbox/builds']);
    expect((await h.get('/sandbox/builds', {}, sandbox.key)).statusCode).toBe(200);
  });

  it('answers the same list through the MCP tool list_builds, live and sandbox', async () => {
    const { tools } = await mcp.listTools();
    const tool = tools.find((t) => t.name === 'list_builds')!;
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { sandbox: expect.objectContaining({ type: 'boolean' }) },
    });
    expect(Object.keys(tool.outputSchema!.properties as object)).toEqual(['builds']);
    for (const sandbox of [false, true]) {
      const viaHttp = await h.get(sandbox ? '/sandbox/builds' : '/builds');
      const res = await call(mcp, 'list_builds', sandbox ? { sandbox } : {});
      expect(res.isError).toBe(false);
      expect(res.structured).toEqual(viaHttp.json());
      expect(res.http.headers['x-credits-charged']).toBeUndefined();
    }
  });
});
