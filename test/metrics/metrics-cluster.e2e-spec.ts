import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { createServer, Server } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { freePort, scrape, total } from './scrape';

const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'apps', 'gateway', 'src', 'main.js');
const REQUESTS = 20;

/** A request on a connection of its own, so the cluster hands successive requests to different workers. */
function getOnce(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url}`)));
    req.on('error', reject);
  });
}

function serviceEnv(env: TestEnvironment, extra: Record<string, string>): NodeJS.ProcessEnv {
  const c = env.config;
  return {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'info',
    DATABASE_URL: c.database.url,
    DATABASE_SCHEMA: c.database.schema,
    NATS_URL: c.nats.url,
    NATS_SUBJECT_PREFIX: c.nats.subjectPrefix,
    OPENSEARCH_URL: c.opensearch.url,
    OPENSEARCH_INDEX_PREFIX: c.opensearch.indexPrefix,
    ...extra,
  };
}

/** GATEWAY_WORKERS=2: the primary serves METRICS_PORT with both workers' metrics summed. */
describe('metrics: gateway cluster primary', () => {
  let env: TestEnvironment;
  let primary: ChildProcess | undefined;
  let port: number;
  let metricsPort: number;
  const lines: Array<{ msg?: string; pid?: number; route?: string }> = [];

  const waitFor = async (what: string, test: () => boolean, ms = 30_000) => {
    const until = Date.now() + ms;
    while (!test()) {
      if (Date.now() > until)
        throw new Error(`timed out waiting for ${what}; log: ${JSON.stringify(lines.slice(-10))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
    env = await createTestEnvironment({ REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
    port = await freePort();
    metricsPort = await freePort();
    primary = spawn(process.execPath, [MAIN], {
      env: serviceEnv(env, {
        PORT: String(port),
        GATEWAY_WORKERS: '2',
        METRICS_PORT: String(metricsPort),
        REDIS_URL: env.config.redisUrl!,
        RATE_LIMIT_KEY_PREFIX: env.config.access.rateLimits.keyPrefix,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [primary.stdout!, primary.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        try {
          lines.push(JSON.parse(line));
        } catch {
          lines.push({ msg: line });
        }
      });
    }
  }, 60_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      const exited = new Promise((resolve) => primary!.once('exit', resolve));
      primary.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (primary.exitCode === null && primary.signalCode === null) primary.kill('SIGKILL');
    }
    await env?.cleanup();
  });

  it("sums both workers' requests on the primary's metrics port", async () => {
    await waitFor('two ready workers', () => lines.filter((l) => l.msg === 'gateway ready').length >= 2);
    expect(lines.some((l) => l.msg === 'gateway metrics ready')).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < REQUESTS; i++) statuses.push(await getOnce(`http://127.0.0.1:${port}/openapi.json`));
    expect(statuses).toEqual(Array.from({ length: REQUESTS }, () => 200));
    // Each request's log line names the worker that served it: both served some.
    const servedBy = (l: { msg?: string; route?: string }) =>
      l.msg === 'request' && l.route === '/openapi.json';
    await waitFor('every request logged', () => lines.filter(servedBy).length >= REQUESTS);
    const pids = new Set(lines.filter(servedBy).map((l) => l.pid));
    expect(pids.size).toBe(2);

    const samples = await scrape(metricsPort);
    expect(
      total(samples, 'http_requests_total', {
        route: '/openapi.json',
        method: 'GET',
        status: '200',
        app: 'gateway',
      }),
    ).toBe(REQUESTS);
    expect(total(samples, 'http_request_duration_seconds_count', { route: '/openapi.json' })).toBe(REQUESTS);
    expect(total(samples, 'pg_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(2);
    expect(total(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Workers bind no metrics port of their own.
    expect(lines.filter((l) => /metrics on http/.test(l.msg ?? '')).length).toBe(0);
  });
});

describe('metrics: a taken METRICS_PORT', () => {
  let holder: Server;
  let env: TestEnvironment;

  beforeAll(async () => {
    env = await createTestEnvironment();
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    await env?.cleanup();
  });

  it('fails the boot with a message naming METRICS_PORT, not a stack trace', async () => {
    const taken = (holder.address() as { port: number }).port;
    const failure = await promisify(execFile)(process.execPath, [MAIN], {
      env: serviceEnv(env, {
        PORT: String(await freePort()),
        METRICS_PORT: String(taken),
        LOG_LEVEL: 'silent',
      }),
      timeout: 30_000,
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure).not.toBeNull();
    expect(failure!.code).toBe(1);
    expect(failure!.stderr).toContain(
      `METRICS_PORT ${taken} cannot be bound on 127.0.0.1:${taken} (already in use)`,
    );
    expect(failure!.stderr).not.toMatch(/\bat .*\.js:\d+/);
  }, 40_000);
});
