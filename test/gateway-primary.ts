import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { TestEnvironment } from '@app/testing';

const MAIN = path.resolve(__dirname, '..', 'dist', 'apps', 'gateway', 'src', 'main.js');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** Running (a zombie waiting for a parent that is gone does not count). */
export const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

export interface GatewayPrimary {
  process: ChildProcess;
  port: number;
  /** Every log line so far, parsed when it is JSON. */
  lines: Array<{ msg?: string; pid?: number }>;
  waitFor(what: string, test: () => boolean, ms?: number): Promise<void>;
  /** Pids of workers that logged 'gateway ready'. */
  readyPids(): number[];
  kill(): void;
}

/** `node dist/apps/gateway/src/main.js` with GATEWAY_WORKERS=2 on a free port, on the suite's schema. */
export async function spawnGatewayPrimary(
  env: TestEnvironment,
  extra: Record<string, string> = {},
): Promise<GatewayPrimary> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
  const port = await freePort();
  const c = env.config;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'info',
      PORT: String(port),
      GATEWAY_WORKERS: '2',
      METRICS_PORT: '0',
      REDIS_URL: c.redisUrl!,
      RATE_LIMIT_KEY_PREFIX: c.access.rateLimits.keyPrefix,
      DATABASE_URL: c.database.url,
      DATABASE_SCHEMA: c.database.schema,
      NATS_URL: c.nats.url,
      NATS_SUBJECT_PREFIX: c.nats.subjectPrefix,
      OPENSEARCH_URL: c.opensearch.url,
      OPENSEARCH_INDEX_PREFIX: c.opensearch.indexPrefix,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: GatewayPrimary['lines'] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      try {
        lines.push(JSON.parse(line));
      } catch {
        lines.push({ msg: line });
      }
    });
  }
  return {
    process: child,
    port,
    lines,
    async waitFor(what, test, ms = 30_000) {
      const until = Date.now() + ms;
      while (!test()) {
        if (Date.now() > until)
          throw new Error(`timed out waiting for ${what}; log: ${JSON.stringify(lines.slice(-10))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    readyPids: () => lines.filter((l) => l.msg === 'gateway ready').map((l) => l.pid!),
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const pid of alive(child.pid!) ? childrenOf(child.pid!) : []) process.kill(pid, 'SIGKILL');
    },
  };
}
