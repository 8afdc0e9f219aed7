import { HttpHarness } from '@app/testing';
import { gatewayHarness } from './gateway';

/**
 * Internal names never reach callers: with no search worker, NATS answers "no responders" and
 * Nest's error text quotes the subject (`<prefix>.search.*`), which names the deployment's
 * NATS layout. The caller gets a plain 503 with Retry-After instead.
 */
describe('exposure: errors from the search path', () => {
  let h: HttpHarness;

  beforeAll(async () => {
    h = await gatewayHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 without NATS subjects or prefixes when no search worker listens', async () => {
    const res = await h.post('/person/search', { query: "SELECT * FROM person WHERE city = 'Paris'" });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().error).toBe('service_unavailable');
    expect(res.body).not.toContain(h.env.config.nats.subjectPrefix);
    expect(res.body).not.toMatch(/search\.\w+|subscribers|nats/i);
  });
});
