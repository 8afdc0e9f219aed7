import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack } from './search/harness';

type Behaviour = { status?: number; delayMs?: number; content: unknown };

/**
 * Discovery's optional model provider against a fake OpenAI-compatible endpoint served by this
 * test (no network): a valid answer is used, anything else falls back to the parser.
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
      const { status = 200, delayMs = 0, content } = behaviour;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(content) } }] }),
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
    });
    await loadTestBuilds(env, { people: 200, companies: 20, seed: 5 });
    stack = await startSearchStack(env, { name: 'model-users', credits: 100000, tier: 'standard' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
    await new Promise((resolve) => server?.close(resolve));
  });

  const discover = (query: string) => stack!.post('/person/discover', { query, limit: 5 });

  it("uses the model's filters when they pass every check, and asks under the filter schema with today's date", async () => {
    behaviour = { content: { filters: [{ kind: 'title', anyOf: ['engineer'], negated: false }] } };
    requests.length = 0;
    const res = await discover('people who build software');
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

  it.each<[string, Behaviour, RegExp]>([
    [
      'an unknown filter kind',
      { content: { filters: [{ kind: 'salary', anyOf: ['high'], negated: false }] } },
      /invalid/,
    ],
    ['SQL instead of filters', { content: 'SELECT * FROM people WHERE 1=1; DROP TABLE teams' }, /invalid/],
    ['an HTTP 500', { status: 500, content: {} }, /HTTP 500/],
    ['no answer in time', { delayMs: 1500, content: { filters: [] } }, /within 400 ms/],
  ])('falls back to the parser on %s, saying why', async (_what, b, reason) => {
    behaviour = b;
    const res = await discover('software engineers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.interpretation.produced_by).toBe('parser');
    expect(body.interpretation.fallback_reason).toMatch(reason);
    expect(body.generated_query).toContain('software engineer');
  });
});
