import { createClient, type ClientOptions } from './client';
import { fakeClock, fakeFetch, json } from './testing/fake-fetch';

const BASE = 'http://gateway.test';
const rateLimited = (retryAfter: string) =>
  json(
    429,
    { error: 'rate_limited', message: 'Too many requests.', details: {} },
    { 'Retry-After': retryAfter },
  );
const unavailable = () =>
  json(503, { error: 'service_unavailable', message: 'Try again.', details: {} }, { 'Retry-After': '1' });
const enriched = (headers: Record<string, string> = {}) => json(200, { matches: [{}], total: 1 }, headers);

function client(fetch: ReturnType<typeof fakeFetch>['fetch'], options: Partial<ClientOptions> = {}) {
  const time = fakeClock();
  let keys = 0;
  const svc = createClient({
    baseUrl: BASE,
    apiKey: 'sk_test',
    fetch,
    clock: time.clock,
    random: () => 0.5,
    idempotencyKey: () => `key-${++keys}`,
    ...options,
  });
  return { svc, waits: time.waits };
}

const enrich = (svc: ReturnType<typeof client>['svc']) =>
  svc.POST('/person/enrich', { body: { email: 'ada@example.com' } });

describe('retries', () => {
  it('retries a 429 after its Retry-After (seconds), jitter added, and returns the success', async () => {
    const server = fakeFetch(rateLimited('2'), rateLimited('1'), enriched());
    const { svc, waits } = client(server.fetch);
    const result = await enrich(svc);
    expect(result.response.status).toBe(200);
    expect(result.attempts).toBe(3);
    expect(waits).toEqual([2200, 1100]);
    expect(server.seen.map((s) => s.body)).toEqual(Array(3).fill({ email: 'ada@example.com' }));
  });

  it('honours a Retry-After given as an HTTP date', async () => {
    const server = fakeFetch(rateLimited('Sun, 29 Nov 2026 12:00:05 GMT'), enriched());
    const { svc, waits } = client(server.fetch, { random: () => 0 });
    await enrich(svc);
    expect(waits).toEqual([5000]);
  });

  it('stops after maxAttempts and returns the last refusal with its error body', async () => {
    const server = fakeFetch(rateLimited('1'));
    const { svc, waits } = client(server.fetch, { retry: { maxAttempts: 3 } });
    const result = await enrich(svc);
    expect(result.response.status).toBe(429);
    expect(result.error).toEqual(expect.objectContaining({ error: 'rate_limited' }));
    expect(result.attempts).toBe(3);
    expect(server.seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('returns a refusal at once when its Retry-After is past the longest wait', async () => {
    const server = fakeFetch(rateLimited('120'), enriched());
    const { svc, waits } = client(server.fetch, { retry: { maxWaitMs: 30_000 } });
    const result = await enrich(svc);
    expect(result.response.status).toBe(429);
    expect(server.seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries another 4xx or a 500', async () => {
    for (const status of [400, 401, 402, 403, 404, 409, 422, 500]) {
      const server = fakeFetch(
        json(status, { error: 'x', message: 'x', details: {} }, { 'Retry-After': '1' }),
      );
      const { svc } = client(server.fetch);
      const result = await enrich(svc);
      expect([status, result.attempts, server.seen.length]).toEqual([status, 1, 1]);
    }
  });

  it('sends each request once with retry: false', async () => {
    const server = fakeFetch(rateLimited('1'), enriched());
    const { svc } = client(server.fetch, { retry: false });
    expect((await enrich(svc)).response.status).toBe(429);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a 503 of a call that cannot charge twice: a free one, or a billed one under its key', async () => {
    const free = fakeFetch(unavailable(), json(200, { builds: [] }));
    expect((await client(free.fetch).svc.GET('/builds')).attempts).toBe(2);
    const billed = fakeFetch(unavailable(), enriched());
    expect((await enrich(client(billed.fetch).svc)).attempts).toBe(2);
  });

  it('does not retry a 503 of a charging call without an Idempotency-Key (GET /person/enrich, job creation)', async () => {
    const get = fakeFetch(unavailable(), enriched());
    const result = await client(get.fetch).svc.GET('/person/enrich', {
      params: { query: { email: 'a@b.co' } },
    });
    expect([result.response.status, get.seen.length]).toEqual([503, 1]);
    expect(get.seen[0].headers.get('Idempotency-Key')).toBeNull();
    // ...but a 429 is refused before anything runs, so even those are retried.
    const limited = fakeFetch(rateLimited('1'), enriched());
    const retried = await client(limited.fetch).svc.GET('/person/enrich', {
      params: { query: { email: 'a@b.co' } },
    });
    expect(retried.attempts).toBe(2);
  });

  it('stops waiting when the call is aborted', async () => {
    const server = fakeFetch(rateLimited('1'), enriched());
    const { svc } = client(server.fetch);
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(
      svc.POST('/person/enrich', { body: { email: 'ada@example.com' }, signal: controller.signal }),
    ).rejects.toThrow('caller gave up');
    expect(server.seen).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('is sent on a billed call and reused across its retries, a new one for the next call', async () => {
    const server = fakeFetch(unavailable(), rateLimited('1'), enriched(), enriched());
    const { svc } = client(server.fetch);
    const first = await enrich(svc);
    const second = await enrich(svc);
    expect(server.seen.map((s) => s.headers.get('Idempotency-Key'))).toEqual([
      'key-1',
      'key-1',
      'key-1',
      'key-2',
    ]);
    expect([first.idempotencyKey, second.idempotencyKey]).toEqual(['key-1', 'key-2']);
  });

  it('is a UUID by default', async () => {
    const server = fakeFetch(enriched());
    const svc = createClient({ baseUrl: BASE, apiKey: 'k', fetch: server.fetch });
    await enrich({ POST: svc.POST } as never);
    expect(server.seen[0].headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('is sent on every billed POST the document lists, and not on free calls or the sandbox', async () => {
    const server = fakeFetch(enriched());
    const { svc } = client(server.fetch);
    await svc.POST('/person/search', { body: { query: 'SELECT * FROM people WHERE age > 30' } });
    await svc.POST('/company/discover', { body: { query: 'software companies in ohio' } });
    await svc.POST('/person/enrich/bulk', { body: { requests: [{ email: 'a@b.co' }] } });
    await svc.POST('/sandbox/person/enrich', { body: { email: 'a@b.co' } });
    await svc.POST('/utility/hash/email', { body: { email: 'a@b.co' } });
    await svc.GET('/builds');
    expect(server.seen.map((s) => [s.path, s.headers.get('Idempotency-Key')])).toEqual([
      ['/person/search', 'key-1'],
      ['/company/discover', 'key-2'],
      ['/person/enrich/bulk', 'key-3'],
      ['/sandbox/person/enrich', null],
      ['/utility/hash/email', null],
      ['/builds', null],
    ]);
  });

  it('keeps a key the caller chose', async () => {
    const server = fakeFetch(rateLimited('1'), enriched());
    const { svc } = client(server.fetch);
    const result = await svc.POST('/person/enrich', {
      body: { email: 'ada@example.com' },
      params: { header: { 'Idempotency-Key': 'mine' } },
    });
    expect(server.seen.map((s) => s.headers.get('Idempotency-Key'))).toEqual(['mine', 'mine']);
    expect(result.idempotencyKey).toBe('mine');
  });
});

describe('figures on every result', () => {
  it('reads the credit and rate-limit headers into typed fields', async () => {
    const server = fakeFetch(
      enriched({
        'X-Credits-Charged': '1',
        'X-Credits-Remaining': '99',
        'X-Key-Cap-Remaining': '49',
        'X-RateLimit-Limit': '600',
        'X-RateLimit-Remaining': '599',
        'X-RateLimit-Reset': '37',
        'RateLimit-Policy': '"enrich";q=600;w=60',
        RateLimit: '"enrich";r=599;t=37',
        'Idempotent-Replayed': 'true',
      }),
    );
    const result = await enrich(client(server.fetch).svc);
    expect(result.data).toEqual({ matches: [{}], total: 1 });
    expect(result.credits).toEqual({ charged: 1, remaining: 99, keyCapRemaining: 49 });
    expect(result.rateLimit).toEqual({
      limit: 600,
      remaining: 599,
      reset: 37,
      policy: '"enrich";q=600;w=60',
      state: '"enrich";r=599;t=37',
    });
    expect(result.replayed).toBe(true);
    expect(server.seen[0].headers.get('API-Key')).toBe('sk_test');
  });

  it('gives null figures, not zeros, where the answer has none, errors included', async () => {
    const server = fakeFetch(json(401, { error: 'unauthorized', message: 'No key.', details: {} }));
    const result = await enrich(client(server.fetch).svc);
    expect(result.error).toEqual(expect.objectContaining({ error: 'unauthorized' }));
    expect(result.credits).toEqual({ charged: null, remaining: null, keyCapRemaining: null });
    expect(result.rateLimit).toEqual({
      limit: null,
      remaining: null,
      reset: null,
      policy: null,
      state: null,
    });
    expect(result.replayed).toBe(false);
  });
});
