import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { SearchStack, startSearchStack } from '../search/harness';
import { elapsed, SilentListener, silentListener } from './servers';

/**
 * SIGTERM (Nest's shutdown hooks call close()) on a search worker: it leaves the queue group at
 * once, so no new request reaches it, and answers the requests it already took before it
 * disconnects, instead of dropping them into the gateway's NATS timeout.
 */
describe('faults: graceful shutdown of a search worker', () => {
  let env: TestEnvironment;
  let stack: SearchStack;
  let silent: SilentListener;

  beforeAll(async () => {
    // OpenSearch that never answers: each search takes its whole budget (1 s + 1 s slack).
    silent = await silentListener();
    env = await createTestEnvironment({
      OPENSEARCH_URL: `http://127.0.0.1:${silent.port}`,
      SEARCH_TIMEOUT_MS: '1000',
      NATS_REQUEST_TIMEOUT_MS: '6000',
      SHUTDOWN_GRACE_MS: '5000',
    });
    stack = await startSearchStack(env, { name: 'draining', credits: 1000, tier: 'standard' });
  });

  afterAll(async () => {
    await stack?.close();
    await env?.db.drop();
    await silent?.close();
  });

  it('finishes the request in flight, then stops', async () => {
    const inFlight = stack.post('/person/search', { query: "SELECT * FROM people WHERE city = 'Paris'" });
    // Stop only once the worker holds the request (its search reached OpenSearch): a fixed delay
    // lost the race on a slow box, and the gateway then rightly answered "no worker".
    await silent.received('/_search', 5000);
    const closing = elapsed(() => stack.stopWorker());
    const res = await inFlight;
    // The worker's own answer (its search budget ran out), not the gateway's "no answer".
    expect(res.json()).toMatchObject({ error: 'search_timeout' });
    const closed = await closing;
    expect(closed.error).toBeUndefined();
    expect(closed.ms).toBeGreaterThan(1000);
  });
});
