import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { RECONNECT_EVERY } from '../shared/autocannon';

/** One measured autocannon run: completions, statuses, latency (ms) and the load generator's own CPU. */
export interface CannonResult {
  seconds: number;
  requests: number;
  ok: number;
  non2xx: Record<string, number>;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  loadgenCpuSeconds: number;
}

/**
 * autocannon in a child process (it would otherwise share an event loop with what it measures):
 * a warm-up run, then the measured one, closed loop over `connections` keep-alive connections
 * cycling through `bodies`. `onStart` runs when the measured run begins and its return value is
 * resolved with the result, taken before the child exits (CPU snapshots around the run).
 * Connections reset themselves every RECONNECT_EVERY requests (why: bench/shared/autocannon.ts).
 */
export function runCannon<T>(
  opts: { url: string; key: string; bodies: object[]; connections: number; warmup: number; seconds: number },
  onStart: () => void,
  onEnd: () => T,
): Promise<{ result: CannonResult; end: T }> {
  const script = `
    const autocannon = require(${JSON.stringify(require.resolve('autocannon'))});
    const opts = JSON.parse(process.env.CANNON);
    const requests = opts.bodies.map((b) => ({ method: 'POST', body: JSON.stringify(b) }));
    const run = (duration, track) => new Promise((resolve, reject) => {
      const statuses = {};
      const instance = autocannon({ url: opts.url, connections: opts.connections, duration, timeout: 20,
        reconnectRate: ${RECONNECT_EVERY},
        headers: { 'api-key': opts.key, 'content-type': 'application/json' }, requests },
        (err, result) => (err ? reject(err) : resolve({ result, statuses })));
      if (track) instance.on('response', (c, status) => { statuses[status] = (statuses[status] || 0) + 1; });
    });
    (async () => {
      await run(opts.warmup, false);
      const cpu0 = process.cpuUsage();
      process.stdout.write('start\\n');
      const { result, statuses } = await run(opts.seconds, true);
      const cpu = process.cpuUsage(cpu0);
      const non2xx = Object.fromEntries(Object.entries(statuses).filter(([s]) => s < 200 || s >= 300));
      process.stdout.write(JSON.stringify({ seconds: result.duration, requests: result.requests.total,
        ok: result['2xx'], non2xx, errors: result.errors, timeouts: result.timeouts,
        p50: result.latency.p50, p99: result.latency.p99, loadgenCpuSeconds: (cpu.user + cpu.system) / 1e6 }) + '\\n');
    })().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH ?? '', CANNON: JSON.stringify(opts) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let settled = false;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'start') return onStart();
      settled = true;
      resolve({ result: JSON.parse(line) as CannonResult, end: onEnd() });
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`autocannon exited with ${code} before reporting`));
    });
  });
}
