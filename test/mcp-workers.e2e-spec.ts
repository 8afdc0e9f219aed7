import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/client';
import { createTestEnvironment, seedTeam, TestEnvironment } from '@app/testing';
import { GatewayPrimary, spawnGatewayPrimary } from './gateway-primary';
import { call, connectMcp, LEGACY, MODERN } from './mcp/client';

interface Answer {
  requestId: string;
  status: number;
  rateLimitRemaining: number;
}

/**
 * fetch over a new connection per request (no keep-alive), so the cluster's round robin hands
 * consecutive requests of one client to alternate gateway processes; records each answer.
 */
function freshConnectionFetch(answers: Answer[]): FetchLike {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const req = httpRequest(
        String(url),
        { method: init?.method ?? 'GET', headers, agent: false, timeout: 10_000 },
        (res) => {
          answers.push({
            requestId: String(res.headers['x-request-id']),
            status: res.statusCode!,
            rateLimitRemaining: Number(res.headers['x-ratelimit-remaining']),
          });
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            for (const v of Array.isArray(value) ? value : [value ?? '']) out.append(name, v);
          resolve(
            new Response(Readable.toWeb(res) as ReadableStream, { status: res.statusCode, headers: out }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', reject);
      req.end(typeof init?.body === 'string' ? init.body : undefined);
    });
}

/**
 * Stateless serving: with GATEWAY_WORKERS=2 and Redis, one MCP client's requests land on the two
 * gateway processes in turn, and every one is answered, for both protocol revisions, with one
 * /mcp rate-limit window shared by the processes.
 */
describe('MCP across gateway processes (GATEWAY_WORKERS=2)', () => {
  let env: TestEnvironment;
  let gw: GatewayPrimary;
  let url: string;
  let lines: GatewayPrimary['lines'];
  const waitFor = (what: string, test: () => boolean, ms?: number) => gw.waitFor(what, test, ms);
  const pidOf = (requestId: string) => lines.find((l) => l.msg === 'request' && l.reqId === requestId)?.pid;

  beforeAll(async () => {
    env = await createTestEnvironment({ REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
    gw = await spawnGatewayPrimary(env);
    ({ lines } = gw);
    url = `http://127.0.0.1:${gw.port}/mcp`;
    await waitFor('two ready workers', () => gw.readyPids().length >= 2);
  }, 60_000);

  afterAll(async () => {
    await gw?.stop();
    await env?.cleanup();
  });

  it.each([MODERN, LEGACY] as const)(
    'answers alternate requests of one %s client from both processes',
    async (revision) => {
      const team = await seedTeam(env.db.dataSource, { credits: 10 });
      const answers: Answer[] = [];
      const client = await connectMcp(url, team.key, revision, freshConnectionFetch(answers));
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(revision);
        for (let i = 0; i < 3; i += 1) {
          expect((await client.listTools()).tools.map((t) => t.name)).toContain('hash_email');
          const hashed = await call(client, 'hash_email', { email: `someone.${i}@example.com` });
          expect(hashed.isError).toBe(false);
          expect(hashed.structured.normalized_email).toBe(`someone.${i}@example.com`);
        }
      } finally {
        await client.close();
      }
      const mcp = answers.filter((a) => a.status !== 405);
      expect(mcp.length).toBeGreaterThanOrEqual(7);
      expect(mcp.every((a) => a.status >= 200 && a.status < 300)).toBe(true);
      await waitFor(
        'the request lines',
        () => answers.every((a) => pidOf(a.requestId) !== undefined),
        10_000,
      );
      const pids = answers.map((a) => pidOf(a.requestId)!);
      // Round robin over fresh connections: each process took every other request (±1, as the 2025
      // client's GET runs beside its next request).
      const counts = [...new Set(pids)].map((pid) => pids.filter((p) => p === pid).length);
      expect(counts).toHaveLength(2);
      expect(Math.abs(counts[0] - counts[1])).toBeLessThanOrEqual(1);
      // One window in Redis: whichever process took a request, it counted down the same /mcp bucket,
      // so no two answers saw the same count (two in-memory windows would each start at the top).
      const remaining = answers.map((a) => a.rateLimitRemaining).sort((a, b) => b - a);
      expect(remaining).toEqual(remaining.map((_, i) => remaining[0] - i));
    },
  );
});
