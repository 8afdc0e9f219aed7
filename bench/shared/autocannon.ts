import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Measured, summarize } from './latency';

const run = promisify(execFile);

/**
 * Every bench connection is reset by autocannon itself after this many requests. The gateway
 * ends a connection after HTTP_MAX_REQUESTS_PER_CONNECTION answers (1000 by default) with
 * `Connection: close`, which autocannon does not honour: it writes its next request on the
 * closing socket, the request is lost, and every later answer on that connection is timed
 * from the lost one's start (latencies grow with each close; seen in bench/soak, p99 ~1 s). A
 * client that honours the header reconnects at once, as autocannon's own reset does.
 */
export const RECONNECT_EVERY = 900;

/**
 * autocannon against `url`, cycling through `bodies` as JSON POSTs with an API key, in a child
 * process so the load generator does not share the event loop of a server under test. Latency
 * is kept per response (autocannon's own histogram rounds to whole milliseconds, too coarse for
 * overheads of a millisecond or two); only 2xx responses count as completed.
 */
export function cannon(
  url: string,
  key: string,
  bodies: object[],
  seconds: number,
  connections: number,
): Promise<Measured> {
  const requests = bodies.map((b) => ({ method: 'POST' as const, body: JSON.stringify(b) }));
  return cannonRequests(url, key, requests, seconds, connections);
}

/** One request of a cannon run, as autocannon takes it: a GET's `path` carries its query string. */
export interface CannonRequest {
  method: 'GET' | 'POST';
  path?: string;
  body?: string;
}

/** `cannon` with requests of any method, cycled through in order. */
export async function cannonRequests(
  url: string,
  key: string,
  requests: CannonRequest[],
  seconds: number,
  connections: number,
): Promise<Measured> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-http-'));
  const file = path.join(dir, 'requests.json');
  writeFileSync(file, JSON.stringify(requests));
  const script = `
    const autocannon = require(${JSON.stringify(require.resolve('autocannon'))});
    const requests = JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    const ms = [];
    const statuses = {};
    const instance = autocannon({ url: ${JSON.stringify(url)}, connections: ${connections}, duration: ${seconds},
      reconnectRate: ${RECONNECT_EVERY},
      headers: { 'api-key': ${JSON.stringify(key)}, 'content-type': 'application/json' }, requests },
      (err, result) => {
        if (err) throw err;
        process.stdout.write(JSON.stringify({ ms, statuses, errors: result.errors, seconds: result.duration }));
      });
    instance.on('response', (client, status, bytes, time) => {
      if (status >= 200 && status < 300) ms.push(time);
      else statuses[status] = (statuses[status] || 0) + 1;
    });`;
  try {
    const { stdout } = await run(process.execPath, ['-e', script], { maxBuffer: 256 * 1024 * 1024 });
    const out = JSON.parse(stdout) as {
      ms: number[];
      statuses: Record<string, number>;
      errors: number;
      seconds: number;
    };
    const non2xx = Object.values(out.statuses).reduce((a, b) => a + b, 0);
    const why =
      non2xx > 0
        ? `HTTP ${JSON.stringify(out.statuses)}`
        : out.errors > 0
          ? `${out.errors} socket errors`
          : null;
    return summarize(out.ms, non2xx + out.errors, out.seconds, why);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
