/**
 * The soak's processes, as deployed from dist/: one gateway primary with GATEWAY_WORKERS=2 on one
 * port and two search workers; what the sampler records of them every 10 s, and the rolling
 * restart of one of each halfway through.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '@app/config';
import { appProcessEnv } from '@app/testing';
import { busiestOthers, childrenOf, cpuSeconds, rssMb } from '../../scripts/processes';

const DIST = path.resolve(__dirname, '../..');
export const GATEWAY_MAIN = path.join(DIST, 'apps/gateway/src/main.js');
export const SEARCH_MAIN = path.join(DIST, 'apps/search/src/main.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const alive = (pid: number) => existsSync(`/proc/${pid}`);

function serviceEnv(config: AppConfig, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return appProcessEnv(config, {
    LOG_LEVEL: 'warn',
    // Passed through so a run can compare connection lifetimes (docs/reliability.md).
    ...(process.env.HTTP_MAX_REQUESTS_PER_CONNECTION
      ? { HTTP_MAX_REQUESTS_PER_CONNECTION: process.env.HTTP_MAX_REQUESTS_PER_CONNECTION }
      : {}),
    ...extra,
  });
}

/** Busiest processes on the box that are not ours (machine conditions next to every sample). */
export const others = (ours: Set<number>): string => busiestOthers(ours, { minPercent: 5, most: 4 });

export interface SoakProcesses {
  primary: ChildProcess;
  /** The search workers; the restart replaces the first in place. */
  search: ChildProcess[];
  startSearch(): ChildProcess;
}

/**
 * Two search workers and the gateway primary on `port`, each added to `children` as it starts;
 * resolves once the primary answers and has its two workers, and 3 s more.
 */
export async function startProcesses(
  config: AppConfig,
  port: number,
  natsPrefix: string,
  children: ChildProcess[],
): Promise<SoakProcesses> {
  const startSearch = () => {
    const c = spawn(process.execPath, [SEARCH_MAIN], {
      env: serviceEnv(config, { PORT: '0' }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(c);
    return c;
  };
  const search = [startSearch(), startSearch()];
  const primary = spawn(process.execPath, ['--max-semi-space-size=64', GATEWAY_MAIN], {
    env: serviceEnv(config, {
      PORT: String(port),
      GATEWAY_WORKERS: '2',
      REDIS_URL: process.env.REDIS_URL,
      RATE_LIMIT_KEY_PREFIX: `${natsPrefix}:rl:`,
      RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(primary);
  const base = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 90_000; ;) {
    if (primary.exitCode !== null) throw new Error(`gateway exited with ${primary.exitCode}`);
    const up = await fetch(`${base}/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && childrenOf(primary.pid!).length === 2) break;
    if (Date.now() > until) throw new Error('gateway workers not up within 90 s');
    await sleep(300);
  }
  await sleep(3000);
  return { primary, search, startSearch };
}

/** One sample: load average, RSS and CPU seconds of every process, the busiest others. */
export function sample({ primary, search }: SoakProcesses, t0: number): Record<string, unknown> {
  const gw = childrenOf(primary.pid!);
  const ours = new Set([process.pid, primary.pid!, ...gw, ...search.map((s) => s.pid!)]);
  return {
    t: Math.round((Date.now() - t0) / 1000),
    loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
    rss_mb: {
      [`gw-primary:${primary.pid}`]: rssMb(primary.pid!),
      ...Object.fromEntries(gw.map((p) => [`gw-worker:${p}`, rssMb(p)])),
      ...Object.fromEntries(search.map((s) => [`search:${s.pid}`, rssMb(s.pid!)])),
    },
    cpu_s: Object.fromEntries(
      [primary.pid!, ...gw, ...search.map((x) => x.pid!)].map((p) => [p, cpuSeconds(p)]),
    ),
    others: others(ours),
  };
}

/**
 * Halfway through: SIGTERM to one gateway worker, wait for its exit and for the primary's
 * replacement; min(30 s, a tenth of the run) later, SIGTERM to the first search worker, wait for
 * its exit and spawn a new one. Each step is an `event`.
 */
export async function rollingRestart(
  { primary, search, startSearch }: SoakProcesses,
  seconds: number,
  event: (what: string) => void,
): Promise<void> {
  await sleep((seconds / 2) * 1000);
  const [victim] = childrenOf(primary.pid!);
  event(`SIGTERM gateway worker ${victim}`);
  process.kill(victim, 'SIGTERM');
  while (alive(victim)) await sleep(50);
  event(`gateway worker ${victim} exited`);
  for (;;) {
    const now = childrenOf(primary.pid!);
    if (now.length === 2 && !now.includes(victim)) {
      event(`replacement gateway worker forked by the primary (workers now ${now.join(',')})`);
      break;
    }
    await sleep(50);
  }
  await sleep(Math.min(30_000, (seconds / 10) * 1000));
  const old = search[0];
  event(`SIGTERM search worker ${old.pid}`);
  old.kill('SIGTERM');
  while (old.exitCode === null && old.signalCode === null) await sleep(50);
  event(`search worker ${old.pid} exited (code ${old.exitCode}, signal ${old.signalCode})`);
  search[0] = startSearch();
  event(`search worker ${search[0].pid} spawned`);
}
