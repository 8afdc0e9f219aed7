import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createTestEnvironment, TestEnvironment } from '@app/testing';

const MAIN = path.resolve(__dirname, '..', 'dist', 'apps', 'gateway', 'src', 'main.js');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** GATEWAY_WORKERS: several gateway processes behind one port, supervised by the primary. */
describe('gateway workers (GATEWAY_WORKERS=2)', () => {
  let env: TestEnvironment;
  let primary: ChildProcess;
  let port: number;
  const lines: Array<{ msg?: string; pid?: number }> = [];

  const waitFor = async (what: string, test: () => boolean, ms = 30_000) => {
    const until = Date.now() + ms;
    while (!test()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; log: ${JSON.stringify(lines.slice(-10))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const readyPids = () => lines.filter((l) => l.msg === 'gateway ready').map((l) => l.pid!);

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
    env = await createTestEnvironment({ REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379' });
    port = await freePort();
    const c = env.config;
    primary = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'info',
        PORT: String(port),
        GATEWAY_WORKERS: '2',
        REDIS_URL: c.redisUrl!,
        RATE_LIMIT_KEY_PREFIX: c.access.rateLimits.keyPrefix,
        DATABASE_URL: c.database.url,
        DATABASE_SCHEMA: c.database.schema,
        NATS_URL: c.nats.url,
        NATS_SUBJECT_PREFIX: c.nats.subjectPrefix,
        OPENSEARCH_URL: c.opensearch.url,
        OPENSEARCH_INDEX_PREFIX: c.opensearch.indexPrefix,
      },
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
  });

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) primary.kill('SIGKILL');
    await env?.cleanup();
  });

  it('serves one port from two worker processes under the primary', async () => {
    await waitFor('two ready workers', () => readyPids().length >= 2);
    const workers = childrenOf(primary.pid!);
    expect(workers).toHaveLength(2);
    expect(new Set(readyPids())).toEqual(new Set(workers));
    expect(workers).not.toContain(primary.pid);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/openapi.json`).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
  });

  it('replaces a worker that dies, and keeps serving', async () => {
    const [victim, survivor] = childrenOf(primary.pid!);
    process.kill(victim, 'SIGKILL');
    await waitFor('a replacement worker', () => readyPids().length >= 3);
    const workers = childrenOf(primary.pid!);
    expect(workers).toHaveLength(2);
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);
    expect(lines.some((l) => l.msg === 'gateway worker exited; starting another')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/openapi.json`)).status).toBe(200);
  });

  it('stops every worker and exits 0 on SIGTERM', async () => {
    const workers = childrenOf(primary.pid!);
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitFor('workers gone', () => workers.every((pid) => !alive(pid)), 10_000);
  });
});
