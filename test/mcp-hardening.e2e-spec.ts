import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { connect as connectNats, NatsConnection } from 'nats';
import { natsSubject, SEARCH_PATTERNS } from '@app/contracts';
import { hashApiKey } from '@app/store';
import { expectErrorResponse, HttpHarness, seedKey, seedTeam } from '@app/testing';
import { FAILED_AUTH_PER_MINUTE } from '../apps/gateway/src/access/services/failed-auth-limiter';
import { KeyRevocationsService } from '../apps/gateway/src/access/services/key-revocations.service';
import { gatewayHarness } from './gateway';
import { LEGACY } from './mcp/client';

const MCP_LIMIT = 6;
const HASH_EMAIL_LIMIT = 100;

const toolCall = (id: number, email: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'hash_email', arguments: { email } },
});
const read = (id: number, uri: string) => ({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri } });

/** The JSON-RPC messages of an answer, whether sent as JSON or as an SSE stream. */
function messagesOf(res: LightMyRequestResponse): Array<Record<string, unknown>> {
  if (String(res.headers['content-type']).startsWith('text/event-stream'))
    return res.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
  const body = res.json();
  return Array.isArray(body) ? body : [body];
}

/**
 * What one /mcp request may cost (docs/mcp.md): one JSON-RPC message, counted once in the key's
 * /mcp rate limit, and a tool call's own route checks attributed to the MCP client's address.
 * A 2025-era (legacy, stateless) client needs no `initialize` first, so each request here is one
 * such POST.
 */
describe('MCP: what one request may cost', () => {
  let h: HttpHarness;
  let nats: NatsConnection;
  let industriesAsked = 0;

  beforeAll(async () => {
    h = await gatewayHarness({
      variables: {
        REDIS_URL: '',
        RATE_LIMIT_DEFAULT_PER_MINUTE: String(MCP_LIMIT),
        API_KEY_CACHE_TTL_MS: '60000',
        // Nothing answers the industries requests counted below: were one sent, it fails fast.
        NATS_REQUEST_TIMEOUT_MS: '1000',
      },
    });
    nats = await connectNats({ servers: h.env.config.nats.url });
    const sub = nats.subscribe(natsSubject(h.env.config.nats.subjectPrefix, SEARCH_PATTERNS.industries));
    void (async () => {
      for await (const _ of sub) industriesAsked++;
    })();
    await nats.flush();
  });

  afterAll(async () => {
    await nats?.close();
    await h?.close();
  });

  const mcp = (
    body: unknown,
    key: string,
    remoteAddress = '127.0.0.1',
    headers: Record<string, string> = {},
  ) =>
    h.request({
      method: 'POST',
      url: '/mcp',
      remoteAddress,
      headers: {
        'api-key': key,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': LEGACY,
        ...headers,
      },
      payload: JSON.stringify(body),
    });

  describe('JSON-RPC batches (gone from the protocol since 2025-06-18)', () => {
    it('are refused with 400 and a JSON-RPC error, and nothing in them runs', async () => {
      const { key } = await seedKey(h.env.db.dataSource, h.team.id);
      const batch = [
        ...Array.from({ length: 5 }, (_, i) => toolCall(i, `person${i}@example.com`)),
        ...Array.from({ length: 5 }, (_, i) => read(10 + i, 'svc://search/industries')),
      ];
      for (const body of [batch, [toolCall(1, 'one@example.com')], []]) {
        const res = await mcp(body, key);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32600,
            message: expect.stringContaining('batch'),
            data: { error: 'invalid_request', message: expect.any(String), details: { max_messages: 1 } },
          },
        });
      }
      // hash_email's own limit is untouched and no industries request reached NATS.
      const direct = await h.post('/utility/hash/email', { email: 'direct@example.com' }, key);
      expect(direct.statusCode).toBe(200);
      expect(direct.headers['x-ratelimit-remaining']).toBe(String(HASH_EMAIL_LIMIT - 1));
      await nats.flush();
      expect(industriesAsked).toBe(0);
    });

    it('leave every resources/read counted: one read per request, each in the key’s /mcp limit', async () => {
      const { key } = await seedKey(h.env.db.dataSource, h.team.id);
      const columns = 'svc://search/columns/people';
      const many = await mcp(
        Array.from({ length: MCP_LIMIT * 3 }, (_, i) => read(i, columns)),
        key,
      );
      expect(many.statusCode).toBe(400);
      // The refused batch was one request against the limit; each read after it is one more.
      for (let i = 1; i < MCP_LIMIT; i++) {
        const res = await mcp(read(i, columns), key);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-remaining']).toBe(String(MCP_LIMIT - 1 - i));
        const [answer] = messagesOf(res);
        expect(answer).toMatchObject({ id: i, result: { contents: [{ uri: columns }] } });
      }
      const refused = await mcp(read(99, columns), key);
      expectErrorResponse(refused, 429, 'rate_limited');
      expect(refused.json().details).toMatchObject({ endpoint: '/mcp', limit: MCP_LIMIT });
    });
  });

  describe('a tool call’s route sees the MCP client’s address', () => {
    const preload = async (address: string) => {
      for (let i = 0; i < FAILED_AUTH_PER_MINUTE - 1; i++)
        expectErrorResponse(
          await h.request({
            method: 'POST',
            url: '/utility/hash/email',
            remoteAddress: address,
            headers: { 'api-key': 'svc_garbage', 'content-type': 'application/json' },
            payload: '{}',
          }),
          401,
          'unauthorized',
        );
    };
    const unknownKeyFrom = (address: string) =>
      h.request({
        method: 'POST',
        url: '/utility/hash/email',
        remoteAddress: address,
        headers: { 'api-key': 'svc_still-not-a-key', 'content-type': 'application/json' },
        payload: '{}',
      });

    it('counts a key revoked while its tool call is in flight for the client, not for 127.0.0.1', async () => {
      const client = '10.26.5.1';
      const spoofed = '10.26.5.66';
      const inProcess = '127.0.0.1';
      // Each address one refused key short of the limit: the next one refused there tips it over.
      for (const address of [client, spoofed, inProcess]) await preload(address);

      const revoked = await seedTeam(h.env.db.dataSource, { credits: 10 });
      const fastify = h.app.getHttpAdapter().getInstance();
      const inject = fastify.inject.bind(fastify);
      const revocations = h.app.get(KeyRevocationsService);
      let revokedInFlight = 0;
      // The revocation lands after /mcp accepted the key and before the tool's route checks it.
      const spy = jest.spyOn(fastify, 'inject').mockImplementation((async (opts: InjectOptions) => {
        if (opts.url === '/utility/hash/email' && opts.headers?.['api-key'] === revoked.key) {
          await h.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [revoked.keyId]);
          await revocations.broadcast([hashApiKey(revoked.key)]);
          revokedInFlight++;
        }
        return inject(opts);
      }) as never);
      try {
        const res = await mcp(toolCall(1, 'jane@example.com'), revoked.key, client, {
          'x-forwarded-for': spoofed,
          'x-real-ip': spoofed,
        });
        expect(res.statusCode).toBe(200);
        const [answer] = messagesOf(res);
        expect(answer).toMatchObject({
          id: 1,
          result: { isError: true, structuredContent: { error: 'unauthorized' } },
        });
      } finally {
        spy.mockRestore();
      }
      expect(revokedInFlight).toBe(1);

      // The refusal counted for the client's own address, not a header's, not the in-process one.
      expectErrorResponse(await unknownKeyFrom(client), 429, 'rate_limited');
      expectErrorResponse(await unknownKeyFrom(spoofed), 401, 'unauthorized');
      expectErrorResponse(await unknownKeyFrom(inProcess), 401, 'unauthorized');
    });

    it('leaves another tenant’s tool calls alone when refused keys flood in-process requests', async () => {
      // Refused keys from 127.0.0.1, the address of every in-process request, until it is over the limit.
      let sent = 0;
      while ((await unknownKeyFrom('127.0.0.1')).statusCode === 401) sent++;
      expect(sent).toBeLessThanOrEqual(FAILED_AUTH_PER_MINUTE);
      expectErrorResponse(await unknownKeyFrom('127.0.0.1'), 429, 'rate_limited');
      const other = await seedTeam(h.env.db.dataSource, { credits: 10 });
      const res = await mcp(toolCall(2, 'Jane.Doe@gmail.com'), other.key, '10.26.5.2');
      expect(res.statusCode).toBe(200);
      const [answer] = messagesOf(res);
      expect(answer).toMatchObject({
        id: 2,
        result: { isError: false, structuredContent: { normalized_email: 'janedoe@gmail.com' } },
      });
    });
  });
});
