import { INestMicroservice } from '@nestjs/common';
import { connect, JSONCodec, NatsConnection } from 'nats';
import { natsSubject, SEARCH_PATTERNS } from '@app/contracts';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { createSearchWorker } from '../apps/search/src/bootstrap';

/**
 * NATS is a trust boundary too: the worker checks a search payload with the same validation
 * pipe as an HTTP body, whoever sent it, and answers with the service's error body.
 */
describe('search worker payload validation', () => {
  let env: TestEnvironment;
  let worker: INestMicroservice;
  let nats: NatsConnection;
  const codec = JSONCodec();

  beforeAll(async () => {
    env = await createTestEnvironment();
    worker = await createSearchWorker(env.config);
    await worker.listen();
    nats = await connect({ servers: env.config.nats.url });
  });

  afterAll(async () => {
    await nats?.close();
    await worker?.close();
    await env?.cleanup();
  });

  /** One request in Nest's NATS wire format; the reply's `err` is what the worker threw. */
  async function send(data: unknown): Promise<{ err?: unknown; response?: unknown }> {
    const subject = natsSubject(env.config.nats.subjectPrefix, SEARCH_PATTERNS.personSearch);
    const msg = await nats.request(subject, codec.encode({ pattern: subject, data, id: 'test' }), {
      timeout: 5000,
    });
    return codec.decode(msg.data) as { err?: unknown; response?: unknown };
  }

  it.each([
    ['a string', 'SELECT * FROM people', 'invalid_request', 'must be a JSON object'],
    ['an array', [1, 2], 'invalid_request', 'must be a JSON object'],
    ['a wrong type', { query: 5, limit: 10, offset: 0 }, 'validation_failed', 'query'],
    [
      'an unknown field',
      { query: "SELECT * FROM people WHERE city = 'x'", rogue: true },
      'validation_failed',
      'rogue',
    ],
  ])('refuses %s with %s naming what is wrong', async (_what, data, code, mention) => {
    const reply = await send(data);
    expect(reply.response).toBeUndefined();
    expect(reply.err).toMatchObject({ error: code, message: expect.stringContaining(mention) });
    if (code === 'validation_failed') {
      const details = (reply.err as { details: { field: string; problems: string[] }[] }).details;
      expect(details.map((d) => d.field)).toContain(mention);
      expect(details.every((d) => d.problems.length > 0)).toBe(true);
    }
  });
});
