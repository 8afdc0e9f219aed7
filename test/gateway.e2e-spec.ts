import { INestMicroservice } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions } from 'fastify';
import { connect } from 'nats';
import { natsSubject, SEARCH_PATTERNS } from '@app/contracts';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { createGateway } from '../apps/gateway/src/bootstrap';
import { createSearchWorker } from '../apps/search/src/bootstrap';

/** Gateway → NATS → search worker → OpenSearch, all real, in one isolated environment. */
describe('gateway', () => {
  let env: TestEnvironment;
  let gateway: NestFastifyApplication;
  let worker: INestMicroservice | null;

  const inject = (opts: InjectOptions) => gateway.getHttpAdapter().getInstance().inject(opts);
  // Dependency details are for operators only (test/exposure-health.e2e-spec.ts has the public side).
  const OPERATOR_TOKEN = 'operator-token-for-gateway-e2e';
  const operatorHealth = () =>
    inject({ method: 'GET', url: '/health', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

  beforeAll(async () => {
    env = await createTestEnvironment({ NATS_REQUEST_TIMEOUT_MS: '1500', OPERATOR_TOKEN });
    worker = await createSearchWorker(env.config);
    await worker.listen();
    gateway = await createGateway(env.config);
    await gateway.init();
    await gateway.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await env?.cleanup();
  });

  it('reports every dependency up through a real NATS round trip', async () => {
    const res = await operatorHealth();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    for (const name of ['postgres', 'nats', 'search', 'opensearch']) {
      expect(body.checks[name].status).toBe('up');
    }
    expect(body.checks.opensearch.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(['green', 'yellow']).toContain(body.checks.opensearch.cluster_status);
    expect(body.checks.search.worker).toContain(String(process.pid));
  });

  it('answers unknown routes with 404 in the ErrorResponse shape', async () => {
    const res = await inject({ method: 'POST', url: '/person/nothing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: expect.any(String), details: null });
  });

  it('serves its OpenAPI document and readable docs', async () => {
    const json = await inject({ method: 'GET', url: '/openapi.json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: 'Person and company data service', version: '1.0.0' });
    expect(doc.servers).toEqual([{ url: env.config.publicBaseUrl }]);
    const health = doc.paths['/health'].get;
    expect(health.summary).toMatch(/^Dependency health: 200 when all are up, otherwise 503/);
    expect(Object.keys(health.responses)).toEqual(['200', '503']);
    // Public: an empty requirement, not the absence of one.
    expect(health.security).toEqual([]);
    expect(doc.components.securitySchemes['API-Key']).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'API-Key',
    });
    const docs = await inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 503 within the NATS timeout when no search worker runs, naming what is down', async () => {
    await worker!.close();
    worker = null;
    const started = Date.now();
    const res = await operatorHealth();
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.error).toBe('service_unavailable');
    expect(body.message).toContain('search');
    expect(body.details.checks.postgres.status).toBe('up');
    expect(body.details.checks.nats.status).toBe('up');
    expect(body.details.checks.search.status).toBe('down');
    // Bounded, not hung: the health probe allows the worker 2 s.
    expect(elapsed).toBeLessThan(10000);
  });

  it('answers 503 after the timeout when a worker takes the request but never replies', async () => {
    const nats = await connect({ servers: env.config.nats.url });
    try {
      // A stuck worker: it receives the request and sits on it.
      nats.subscribe(natsSubject(env.config.nats.subjectPrefix, SEARCH_PATTERNS.status), { queue: 'search' });
      await nats.flush();
      const started = Date.now();
      const res = await operatorHealth();
      const elapsed = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json().details.checks.search.reason).toMatch(/did not answer within 2000 ms/);
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(10000);
    } finally {
      await nats.close();
    }
  });
});
