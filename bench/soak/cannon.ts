/**
 * The soak's load: autocannon in a child process (it would otherwise share an event loop with the
 * sampler and the restarts) at a fixed overall rate for the whole run, cycling through the request
 * mix, bucketed by second since it started.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RECONNECT_EVERY } from '../shared/autocannon';

/** autocannon in a child process: fixed overall rate, per-second statuses, errors and latencies. */
const CANNON = `
const autocannon = require(process.env.AUTOCANNON);
const fs = require('fs');
const requests = JSON.parse(fs.readFileSync(process.env.REQUESTS, 'utf8'));
let lastPath = '?';
for (const r of requests) r.onResponse = () => { lastPath = r.path; };
const t0 = Date.now();
const sec = () => Math.floor((Date.now() - t0) / 1000);
const buckets = {};
const b = (s) => (buckets[s] ||= { ok: 0, statuses: {}, errors: {}, ms: [], byPath: {} });
const instance = autocannon({ url: process.env.URL, connections: Number(process.env.CONNECTIONS),
  overallRate: Number(process.env.RATE), duration: Number(process.env.SECONDS), timeout: 15,
  reconnectRate: Number(process.env.RECONNECT_EVERY),
  headers: { 'api-key': process.env.KEY, 'content-type': 'application/json' }, requests },
  (err, result) => {
    if (err) throw err;
    fs.writeFileSync(process.env.OUT, JSON.stringify({ t0, buckets, totals: { requests: result.requests.total,
      errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, resets: result.resets } }));
    process.exit(0);
  });
instance.on('response', (client, status, bytes, time) => {
  const x = b(sec());
  x.ms.push(Math.round(time * 10) / 10);
  (x.byPath[lastPath] ||= []).push(Math.round(time * 10) / 10);
  if (status >= 200 && status < 300) x.ok++;
  else x.statuses[status] = (x.statuses[status] || 0) + 1;
});
instance.on('reqError', (err) => { const x = b(sec()); const c = err.code || err.message; x.errors[c] = (x.errors[c] || 0) + 1; });
`;

/** One second of the run: 2xx, other statuses, socket errors by code, latencies (ms), per path too. */
export interface Bucket {
  ok: number;
  statuses: Record<string, number>;
  errors: Record<string, number>;
  ms: number[];
  byPath: Record<string, number[]>;
}

/** What the child wrote: when it started (ms since the epoch), a bucket per second, its totals. */
export interface CannonOutput {
  t0: number;
  buckets: Record<string, Bucket>;
  totals: Record<string, number>;
}

/** Starts the load now; resolves with what it recorded once it has run for `seconds`. */
export function runCannon(opts: {
  base: string;
  apiKey: string;
  connections: string;
  rate: number;
  seconds: number;
  requests: object[];
}): Promise<CannonOutput> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'svc-bench-soak-cannon-'));
  writeFileSync(path.join(tmp, 'requests.json'), JSON.stringify(opts.requests));
  const outFile = path.join(tmp, 'out.json');
  return new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      ['-e', CANNON],
      {
        env: {
          PATH: process.env.PATH ?? '',
          AUTOCANNON: require.resolve('autocannon'),
          REQUESTS: path.join(tmp, 'requests.json'),
          URL: opts.base,
          KEY: opts.apiKey,
          CONNECTIONS: opts.connections,
          RECONNECT_EVERY: String(RECONNECT_EVERY),
          RATE: String(opts.rate),
          SECONDS: String(opts.seconds),
          OUT: outFile,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err) => (err ? reject(err) : resolve()),
    ),
  ).then(() => {
    const out = JSON.parse(readFileSync(outFile, 'utf8')) as CannonOutput;
    rmSync(tmp, { recursive: true, force: true });
    return out;
  });
}
