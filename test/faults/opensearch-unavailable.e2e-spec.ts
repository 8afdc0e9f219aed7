import { errors } from '@opensearch-project/opensearch';
import { toRpcErrorBody } from '@app/server';
import { createTestEnvironment, TestEnvironment, freePort } from '@app/testing';
import { createWorkerOpenSearchClient } from '../../apps/search/src/opensearch/opensearch.module';
import { SearchStack, startSearchStack } from '../search/harness';
import { elapsed, silentListener } from './servers';

/**
 * OpenSearch unreachable, silent, throttling or failing: the search worker answers
 * `service_unavailable` (the gateway's 503 with Retry-After), and a timed-out search is not
 * retried past the gateway's NATS timeout.
 */
describe('faults: OpenSearch unavailable', () => {
  function expectUnavailable(error: unknown): void {
    const { body, unexpected } = toRpcErrorBody(error);
    expect(body.error).toBe('service_unavailable');
    expect(body.details).toEqual({ retry_after_seconds: expect.any(Number) });
    expect(unexpected).toBe(false);
  }

  it('does not retry a search that timed out', async () => {
    const silent = await silentListener();
    const client = createWorkerOpenSearchClient({ url: `http://127.0.0.1:${silent.port}`, indexPrefix: '' });
    try {
      const r = await elapsed(() => client.search({ index: 'x', body: {} }, { requestTimeout: 400 }));
      expect(r.error).toBeDefined();
      // One attempt: a retry would take a second 400 ms.
      expect(r.ms).toBeLessThan(750);
      expectUnavailable(r.error);
    } finally {
      await client.close();
      await silent.close();
    }
  });

  it('maps refused connections, 429 and 5xx to service_unavailable, and leaves 400 alone', async () => {
    const client = createWorkerOpenSearchClient({
      url: `http://127.0.0.1:${await freePort()}`,
      indexPrefix: '',
    });
    try {
      expectUnavailable((await elapsed(() => client.search({ index: 'x', body: {} }))).error);
    } finally {
      await client.close();
    }
    const response = (statusCode: number) =>
      new errors.ResponseError({
        statusCode,
        body: { error: { type: 'x' } },
        headers: {},
        warnings: null,
        meta: {} as never,
      });
    expectUnavailable(response(429));
    expectUnavailable(response(503));
    expect(toRpcErrorBody(response(400)).body.error).toBe('internal_error');
  });

  describe('through the gateway', () => {
    let env: TestEnvironment;
    let stack: SearchStack;

    beforeAll(async () => {
      env = await createTestEnvironment({ OPENSEARCH_URL: `http://127.0.0.1:${await freePort()}` });
      stack = await startSearchStack(env, { name: 'faults', credits: 1000, tier: 'standard' });
    });

    afterAll(async () => {
      await stack?.close();
      // No index was created (OpenSearch was never reached); only the schema is ours to drop.
      await env?.db.drop();
    });

    it('answers 503 service_unavailable with Retry-After, not 500', async () => {
      const res = await stack.post('/person/search', { query: "SELECT * FROM people WHERE city = 'Paris'" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'service_unavailable', details: { retry_after_seconds: 2 } });
      expect(res.headers['retry-after']).toBe('2');
    });
  });
});
