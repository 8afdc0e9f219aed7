import { INestMicroservice } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions } from 'fastify';
import { createTestEnvironment, HttpHarness, TestEnvironment } from '@app/testing';
import { createSearchWorker } from '../apps/search/src/bootstrap';
import { authHarness } from './auth/harness';
import { bootGateway } from './gateway';

/**
 * /health is public: it must say up or down and nothing else. Versions, worker host names and
 * pids, timings and error texts (which name NATS subjects) are for OPERATOR_TOKEN holders only.
 */
describe('exposure: /health', () => {
  const TOKEN = 'exposure-health-operator-token';
  let env: TestEnvironment;
  let gateway: NestFastifyApplication;
  let worker: INestMicroservice | null;

  const health = (authorization?: string) => {
    const opts: InjectOptions = { method: 'GET', url: '/health' };
    if (authorization) opts.headers = { authorization };
    return gateway.getHttpAdapter().getInstance().inject(opts);
  };

  beforeAll(async () => {
    env = await createTestEnvironment({ OPERATOR_TOKEN: TOKEN });
    worker = await createSearchWorker(env.config);
    await worker.listen();
    gateway = await bootGateway(env.config);
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await env?.cleanup();
  });

  it('answers anyone with the status alone when all is up', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await health(auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('gives the operator every dependency with its details', async () => {
    const res = await health(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().checks).sort()).toEqual(['nats', 'opensearch', 'postgres', 'search']);
    expect(res.json().checks.search.worker).toContain(String(process.pid));
  });

  it('answers anyone 503 with Retry-After and no names of what is down, the operator with them', async () => {
    await worker!.close();
    worker = null;
    const res = await health();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: 'service_unavailable',
      message: expect.any(String),
      details: { retry_after_seconds: 5 },
    });
    expect(res.body).not.toMatch(/search|nats|opensearch|postgres|worker|ms\b/i);

    const operator = await health(`Bearer ${TOKEN}`);
    expect(operator.statusCode).toBe(503);
    expect(operator.json().details.checks.search.status).toBe('down');
    expect(operator.json().message).toContain('search');
  });
});

describe('exposure: /health without OPERATOR_TOKEN', () => {
  let env: TestEnvironment;
  let gateway: NestFastifyApplication;

  beforeAll(async () => {
    env = await createTestEnvironment();
    gateway = await bootGateway(env.config);
  });

  afterAll(async () => {
    await gateway?.close();
    await env?.cleanup();
  });

  it('never gives details, whatever bearer is sent', async () => {
    const res = await gateway
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/health', headers: { authorization: 'Bearer ' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().details).toEqual({ retry_after_seconds: 5 });
  });
});

describe('exposure: the auth service /health', () => {
  let h: HttpHarness;

  beforeAll(async () => {
    h = await authHarness({ variables: { OPERATOR_TOKEN: 'exposure-auth-operator-token' } });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers status alone to anyone, the Postgres check to the operator', async () => {
    const pub = await h.request({ method: 'GET', url: '/health' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ status: 'ok' });
    const op = await h.request({
      method: 'GET',
      url: '/health',
      headers: { authorization: 'Bearer exposure-auth-operator-token' },
    });
    expect(op.json().checks.postgres.status).toBe('up');
  });
});
