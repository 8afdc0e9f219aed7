import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { AppConfig } from '@app/config';
import { appProcessEnv } from '@app/testing';
import { childrenOf } from '../../scripts/processes';

const MAIN = path.resolve(__dirname, '../../apps/gateway/src/main.js');

/**
 * The real gateway (`dist/apps/gateway/src/main.js`) with GATEWAY_WORKERS=n, as deployed on one
 * machine: a primary and n worker processes sharing one port. Logs at `warn`, as the in-process
 * gateway of this benchmark runs silent (a JSON line per request would be measured otherwise).
 */
export async function startGatewayProcesses(
  n: number,
  config: AppConfig,
  port: number,
): Promise<{ url: string; pids: () => number[]; stop: () => Promise<void> }> {
  if (!config.redisUrl) throw new Error('--gateways needs REDIS_URL (the workers share rate-limit counters)');
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=64', MAIN], {
    env: appProcessEnv(config, {
      LOG_LEVEL: 'warn',
      PORT: String(port),
      GATEWAY_WORKERS: String(n),
      RATE_LIMIT_DEFAULT_PER_MINUTE: String(config.access.rateLimits.defaultPerMinute),
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/person/enrich`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && childrenOf(child.pid!).length === n) break;
    if (Date.now() > until) throw new Error(`${n} gateway workers not up within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Every worker answers once it listens; give the last one a moment to finish its boot.
  await new Promise((r) => setTimeout(r, 2000));
  return {
    url,
    pids: () => [child.pid!, ...childrenOf(child.pid!)],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
