import { connect } from 'node:net';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { SearchStack, startSearchStack } from '../search/harness';
import { silentListener } from './servers';

/** The raw HTTP/1.1 text for a POST with a JSON body. */
function post(path: string, key: string, body: object): string {
  const json = JSON.stringify(body);
  return (
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAPI-Key: ${key}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}

/** Status, headers and body of each response in a stream of HTTP/1.1 responses. */
function responses(text: string): { status: number; headers: string; body: string }[] {
  return text
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter((part) => part.startsWith('HTTP/1.1'))
    .map((part) => {
      const [head, ...body] = part.split('\r\n\r\n');
      return { status: Number(part.slice(9, 12)), headers: head.toLowerCase(), body: body.join('\r\n\r\n') };
    });
}

/**
 * A gateway closing (SIGTERM, a rolling restart) while a kept-alive connection has a request in
 * flight: the request is answered, with `Connection: close`, so the client's next request goes
 * to a new connection (another process) instead of reaching this one while it stops (Fastify
 * answered those 503, in its own body shape, without Retry-After), and the close ends when the
 * answer is sent instead of waiting out the connection's keep-alive (72 s). And a connection
 * ends after HTTP_MAX_REQUESTS_PER_CONNECTION answers, so kept-alive clients spread again over
 * gateway processes after one was replaced.
 */
describe('faults: HTTP requests on kept-alive connections while the gateway closes', () => {
  let env: TestEnvironment;
  let stack: SearchStack;
  let silent: Awaited<ReturnType<typeof silentListener>>;

  beforeAll(async () => {
    // OpenSearch that never answers: a search takes its whole budget (1 s), holding the connection.
    silent = await silentListener();
    env = await createTestEnvironment({
      OPENSEARCH_URL: `http://127.0.0.1:${silent.port}`,
      SEARCH_TIMEOUT_MS: '1000',
      NATS_REQUEST_TIMEOUT_MS: '6000',
      HTTP_MAX_REQUESTS_PER_CONNECTION: '3',
    });
    stack = await startSearchStack(env, { name: 'http-drain', credits: 1000, tier: 'standard' });
    await stack.gateway.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await stack?.close().catch(() => undefined);
    await env?.db.drop();
    await silent?.close();
  });

  async function open(port: number) {
    const socket = connect(port, '127.0.0.1');
    const state = { text: '', ended: false };
    socket.on('data', (chunk) => (state.text += chunk.toString()));
    socket.once('close', () => (state.ended = true));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return { socket, state };
  }

  it('ends a kept-alive connection after HTTP_MAX_REQUESTS_PER_CONNECTION answers', async () => {
    const { port } = stack.gateway.getHttpServer().address() as { port: number };
    const client = await open(port);
    for (let i = 1; i <= 3; i += 1) {
      client.socket.write(post('/utility/clean', stack.apiKey, { fields: { email: 'a@b.co' } }));
      for (let w = 0; w < 100 && responses(client.state.text).length < i; w += 1)
        await new Promise((r) => setTimeout(r, 20));
    }
    for (let w = 0; w < 50 && !client.state.ended; w += 1) await new Promise((r) => setTimeout(r, 20));
    const answers = responses(client.state.text);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers.includes('connection: close'))).toEqual([false, false, true]);
    // Ended by the server: the client's next request goes to a new connection.
    expect(client.state.ended).toBe(true);
  });

  it('answers the request in flight with Connection: close, ends idle connections, and closes promptly', async () => {
    const { port } = stack.gateway.getHttpServer().address() as { port: number };
    const busy = await open(port);
    const idle = await open(port);
    // The idle connection has served one request and is kept alive.
    idle.socket.write(post('/utility/clean', stack.apiKey, { fields: { email: 'a@b.co' } }));
    busy.socket.write(
      post('/person/search', stack.apiKey, { query: "SELECT * FROM people WHERE city = 'Paris'" }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(responses(idle.state.text).map((r) => r.status)).toEqual([200]);

    const t0 = Date.now();
    const closing = stack.gateway.close();
    const closed = await Promise.race([
      closing.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 8000)),
    ]);
    // The close waited for the search, not for the connection's keep-alive timeout.
    expect(closed).toBe(true);
    expect(Date.now() - t0).toBeLessThan(5000);

    // The last bytes may still be on their way to the client when the server reports closed.
    for (let i = 0; i < 40 && !busy.state.ended; i += 1) await new Promise((r) => setTimeout(r, 50));
    const [search] = responses(busy.state.text);
    // The search ran out of its budget: the worker's answer (503 search_timeout), delivered.
    expect(search.status).toBe(503);
    expect(search.body).toContain('"error":"search_timeout"');
    expect(search.headers).toContain('connection: close');
    expect(busy.state.ended).toBe(true);
    expect(idle.state.ended).toBe(true);
  }, 20_000);
});
