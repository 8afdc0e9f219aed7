import { ChildProcess, spawn } from 'node:child_process';
import { connect } from 'nats';
import { INestMicroservice } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { broadcastKeyRevocations, natsConnectionOptions } from '@app/server';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { createSearchWorker } from '../apps/search/src/bootstrap';
import { bootGateway } from './gateway';

// This suite's own NATS, requiring a user and password; the shared one is never touched.
const PORT = 4239;
const USER = 'svc-exposure';
const PASSWORD = 'exposure-nats-password';
const TOKEN = 'exposure-nats-operator-token';

async function reachable(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      await (await connect({ servers: url, user: USER, pass: PASSWORD, timeout: 500 })).close();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('NATS credentials from configuration', () => {
  let nats: ChildProcess;
  let env: TestEnvironment;
  let gateway: NestFastifyApplication;
  let worker: INestMicroservice;

  beforeAll(async () => {
    nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(PORT), '--user', USER, '--pass', PASSWORD], {
      stdio: 'ignore',
    });
    await reachable(`nats://127.0.0.1:${PORT}`, Date.now() + 10000);
    env = await createTestEnvironment({
      NATS_URL: `nats://127.0.0.1:${PORT}`,
      NATS_USER: USER,
      NATS_PASSWORD: PASSWORD,
      OPERATOR_TOKEN: TOKEN,
    });
    worker = await createSearchWorker(env.config);
    await worker.listen();
    gateway = await bootGateway(env.config);
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await env?.cleanup();
    nats?.kill('SIGTERM');
  });

  it('lets the gateway and the search worker connect to a NATS that requires them', async () => {
    const res = await gateway
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/health', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.nats.status).toBe('up');
    expect(res.json().checks.search.status).toBe('up');
  });

  it('lets key-revocation broadcasts (CLI, auth) authenticate', async () => {
    await expect(broadcastKeyRevocations(env.config, ['a'.repeat(64)])).resolves.toBeUndefined();
  });

  it('refuses to connect without credentials in production', () => {
    expect(() => natsConnectionOptions({ auth: null, tls: null }, 'production')).toThrow(
      /NODE_ENV=production needs NATS credentials/,
    );
    expect(natsConnectionOptions({ auth: { token: 't' }, tls: null }, 'production')).toEqual({ token: 't' });
  });
});
