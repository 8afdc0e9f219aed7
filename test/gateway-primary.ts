import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { appProcessEnv, freePort, type TestEnvironment } from '@app/testing';
import { childrenOf } from '../scripts/processes';

const MAIN = path.resolve(__dirname, '..', 'dist', 'apps', 'gateway', 'src', 'main.js');

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
  lines: Array<{ msg?: string; pid?: number; reqId?: string; route?: string }>;
  waitFor(what: string, test: () => boolean, ms?: number): Promise<void>;
  /** Pids of workers that logged 'gateway ready'. */
  readyPids(): number[];
  /** SIGKILL to the primary and its workers. */
  kill(): void;
  /** SIGTERM, as an operator would; kill() if it has not exited within 10 s. */
  stop(): Promise<void>;
}

/** `node dist/apps/gateway/src/main.js` with GATEWAY_WORKERS=2 on a free port, on the suite's schema. */
export async function spawnGatewayPrimary(
  env: TestEnvironment,
  extra: Record<string, string> = {},
): Promise<GatewayPrimary> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: appProcessEnv(env.config, { PORT: String(port), GATEWAY_WORKERS: '2', ...extra }),
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
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = () => {
    // Its workers first: once the primary is gone they are no longer listed as its children.
    for (const pid of alive(child.pid!) ? childrenOf(child.pid!) : []) process.kill(pid, 'SIGKILL');
    if (running()) child.kill('SIGKILL');
  };
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
    kill,
    async stop() {
      if (!running()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
      kill();
    },
  };
}
