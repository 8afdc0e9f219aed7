import { Logger } from '@nestjs/common';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DISCOVERY_FALLBACK_REASONS, DiscoveryFallbackReason } from '@app/contracts';
import { createTestEnvironment, deleteRedisKeys, seedKey, seedTeam, TestEnvironment } from '@app/testing';
import { call, connectMcp } from './mcp/client';
import { loadTestBuilds, SearchStack, startSearchStack } from './search/harness';

/** What the fake endpoint answers: a chat completion whose message is `content`, or `raw` as the whole body. */
type Behaviour = { status?: number; delayMs?: number; content?: unknown; raw?: string };

// The stack script starts Redis only when REDIS_URL is set; the local default is where it runs.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** RATE_LIMIT_DISCOVER_MODEL_PER_MINUTE of this suite. */
const MODEL_BUDGET = 3;
const ENGINEERS = { filters: [{ kind: 'title', anyOf: ['engineer'], negated: false }] };
/** Secret-looking text an upstream may put in its answer; none of it may reach a client. */
const LEAK = 'sk-live-LEAKED0123456789';
const UPSTREAM_ERROR = JSON.stringify({
  error: { message: `Incorrect API key provided: ${LEAK} (you sent sk-test-secret)` },
});

/**
 * Discovery's optional model provider against a fake OpenAI-compatible endpoint served by this
 * test (no network): a valid answer is used, anything else falls back to the parser, saying why
 * with a fixed code; the model is called at most RATE_LIMIT_DISCOVER_MODEL_PER_MINUTE times per
 * key and minute, counted in Redis like every rate limit.
 */
describe('discovery with a model provider', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  let server: Server;
  let behaviour: Behaviour;
  const requests: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      requests.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(await read(req)),
      });
      const { status = 200, delayMs = 0, content, raw } = behaviour;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          raw ??
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content: JSON.stringify(content) } }],
            }),
        );
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '5000',
      DISCOVERY_MODEL_URL: `http://127.0.0.1:${port}/v1`,
      DISCOVERY_MODEL_NAME: 'fake-model',
      DISCOVERY_MODEL_API_KEY: 'sk-test-secret',
      DISCOVERY_MODEL_TIMEOUT_MS: '400',
      RATE_LIMIT_DISCOVER_MODEL_PER_MINUTE: String(MODEL_BUDGET),
      REDIS_URL,
    });
    await loadTestBuilds(env, { people: 200, companies: 20, seed: 5 });
    stack = await startSearchStack(env, { name: 'model-users', credits: 100000, tier: 'standard' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    if (env) await deleteRedisKeys(REDIS_URL, env.config.access.rateLimits.keyPrefix);
    await env?.cleanup();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A key of its own per test, so each starts with a full model budget. */
  const freshKey = async () => (await seedTeam(env.db.dataSource, { credits: 100000 })).key;
  const discover = (query: string, key?: string, entity = 'person') =>
    stack!.post(`/${entity}/discover`, { query, limit: 5 }, key);

  it("uses the model's filters when they pass every check, and asks under the filter schema with today's date", async () => {
    behaviour = { content: { filters: [{ kind: 'title', anyOf: ['engineer'], negated: false }] } };
    requests.length = 0;
    const res = await discover('people who build software', await freshKey());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.interpretation.produced_by).toBe('model');
    expect(body.generated_query).toMatch(/^SELECT \* FROM people WHERE job_title ILIKE '%engineer%'/);
    expect(body.interpretation.recognised).toEqual([
      { phrase: null, read: null, condition: expect.stringContaining('engineer') },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe('/v1/chat/completions');
    expect(requests[0].authorization).toBe('Bearer sk-test-secret');
    const sent = requests[0].body as {
      model: string;
      messages: { content: string }[];
      response_format: { type: string };
    };
    expect(sent.model).toBe('fake-model');
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.messages[0].content).toContain(`Today is ${new Date().toISOString().slice(0, 10)}`);
    expect(sent.messages[1].content).toBe('people who build software');
  });

  it.each<[string, Behaviour, DiscoveryFallbackReason]>([
    [
      'an unknown filter kind',
      { content: { filters: [{ kind: 'salary', anyOf: ['high'], negated: false }] } },
      'model_invalid_answer',
    ],
    [
      'SQL instead of filters',
      { content: 'SELECT * FROM people WHERE 1=1; DROP TABLE teams' },
      'model_invalid_answer',
    ],
    ['an HTTP 500', { status: 500, content: {} }, 'model_error'],
    ['no answer in time', { delayMs: 1500, content: { filters: [] } }, 'model_timeout'],
  ])('falls back to the parser on %s, saying why with a fixed code', async (_what, b, reason) => {
    behaviour = b;
    const res = await discover('software engineers', await freshKey());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.interpretation.produced_by).toBe('parser');
    expect(body.interpretation.fallback_reason).toBe(reason);
    expect(body.generated_query).toContain('software engineer');
  });

  describe("the provider's own words stay in the worker's log", () => {
    let warn: jest.SpyInstance;
    beforeEach(() => (warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined)));
    afterEach(() => warn.mockRestore());
    const logged = () => warn.mock.calls.map((c) => String(c[0])).join('\n');

    it.each<[string, Behaviour, DiscoveryFallbackReason]>([
      ['an HTTP 500 whose body quotes a key', { status: 500, raw: UPSTREAM_ERROR }, 'model_error'],
      // Node's JSON.parse quotes the start of what it could not read.
      ['a 200 whose body is not JSON', { raw: `${LEAK} proxy error` }, 'model_error'],
      [
        'a message that is not JSON',
        { raw: JSON.stringify({ choices: [{ message: { content: `${LEAK} oops` } }] }) },
        'model_invalid_answer',
      ],
      [
        'filters naming an unknown kind',
        { content: { filters: [{ kind: LEAK, anyOf: [LEAK], negated: false }] } },
        'model_invalid_answer',
      ],
    ])('on %s the client gets only a code', async (_what, b, reason) => {
      behaviour = b;
      requests.length = 0;
      const res = await discover('software engineers', await freshKey());
      expect(res.statusCode).toBe(200);
      expect(requests).toHaveLength(1);
      expect(res.body).not.toContain('sk-live');
      expect(res.body).not.toContain('sk-test-secret');
      const body = res.json();
      expect(DISCOVERY_FALLBACK_REASONS).toContain(body.interpretation.fallback_reason);
      expect(body.interpretation.fallback_reason).toBe(reason);
      expect(logged()).toMatch(/^model (provider failed|answer not used): /m);
    });

    it("logs what the provider said, without the provider's key should it echo it", async () => {
      behaviour = { status: 500, raw: UPSTREAM_ERROR };
      await discover('software engineers', await freshKey());
      expect(logged()).toContain(`HTTP 500: ${UPSTREAM_ERROR.replace('sk-test-secret', '[redacted]')}`);
      expect(logged()).not.toContain('sk-test-secret');
    });
  });

  describe('the model budget per key', () => {
    beforeEach(() => {
      behaviour = { content: ENGINEERS };
      requests.length = 0;
    });

    it(`calls the model for ${MODEL_BUDGET} live discovers a minute, then answers with the parser alone; another key keeps its own`, async () => {
      const ds = env.db.dataSource;
      const team = await seedTeam(ds, { credits: 100000 });
      const other = await seedKey(ds, team.id);
      // Requests the model turns into a title nobody has: no match, free, and still a model call each.
      behaviour = { content: { filters: [{ kind: 'title', anyOf: ['zqxjv'], negated: false }] } };
      for (let i = 0; i < MODEL_BUDGET; i++) {
        const res = await discover('people who zqxjv', team.key);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ total: 0, interpretation: { produced_by: 'model' } });
        expect(res.headers['x-credits-charged']).toBe('0');
      }
      expect(requests).toHaveLength(MODEL_BUDGET);
      behaviour = { content: ENGINEERS };

      // Over budget, on either entity: no model call, a 200 from the parser, a code that says why.
      const parserOnly: [string, string, string][] = [
        ['person', 'software engineers', 'software engineer'],
        ['company', 'companies with more than 10 employees', 'FROM companies WHERE'],
        ['person', 'software engineers', 'software engineer'],
      ];
      for (const [entity, query, generated] of parserOnly) {
        const res = await discover(query, team.key, entity);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.interpretation.produced_by).toBe('parser');
        expect(body.interpretation.fallback_reason).toBe('model_budget_exhausted');
        expect(body.generated_query).toContain(generated);
      }
      expect(requests).toHaveLength(MODEL_BUDGET);

      // Another key of the same team has its own budget.
      const res = await discover('people who build software', other.key);
      expect(res.json().interpretation.produced_by).toBe('model');
      expect(requests).toHaveLength(MODEL_BUDGET + 1);
    });

    it('spends the budget atomically: concurrent discovers make no more model calls than it allows', async () => {
      const key = await freshKey();
      const all = await Promise.all(
        Array.from({ length: 4 * MODEL_BUDGET }, () => discover('people who build software', key)),
      );
      expect(all.map((r) => r.statusCode)).toEqual(all.map(() => 200));
      expect(requests).toHaveLength(MODEL_BUDGET);
      const by = all.map((r) => r.json().interpretation.produced_by);
      expect(by.filter((p) => p === 'model')).toHaveLength(MODEL_BUDGET);
    });

    it('says the same through the MCP discover tool', async () => {
      await stack!.gateway.listen(0, '127.0.0.1');
      const port = (stack!.gateway.getHttpServer().address() as AddressInfo).port;
      const key = await freshKey();
      const client = await connectMcp(`http://127.0.0.1:${port}/mcp`, key);
      try {
        const args = { query: 'people who build software', limit: 5 };
        const used = [];
        for (let i = 0; i <= MODEL_BUDGET; i++) used.push(await call(client, 'discover_people', args));
        const interpretations = used.map(
          (r) =>
            (r.structured as { interpretation: { produced_by: string; fallback_reason?: string } })
              .interpretation,
        );
        expect(interpretations.slice(0, MODEL_BUDGET).map((i) => i.produced_by)).toEqual(
          Array(MODEL_BUDGET).fill('model'),
        );
        expect(interpretations[MODEL_BUDGET]).toMatchObject({
          produced_by: 'parser',
          fallback_reason: 'model_budget_exhausted',
        });
        expect(requests).toHaveLength(MODEL_BUDGET);
      } finally {
        await client.close();
      }
    });
  });
});
