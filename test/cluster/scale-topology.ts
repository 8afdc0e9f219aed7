import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '@app/config';
import { appProcessEnv } from '@app/testing';
import { childrenOf } from '../../scripts/processes';

const ROOT = path.resolve(__dirname, '..', '..');
const SCALE = path.join(ROOT, 'scripts', 'scale.js');
const DIST_MAINS = ['gateway', 'search'].map((app) => path.join(ROOT, 'dist', 'apps', app, 'src', 'main.js'));

/** What scripts/scale.js writes to its state file once every process is ready. */
export interface ScaleState {
  ready: boolean;
  foregroundPid: number;
  port: number;
  gateway: { pid: number; processes: number; log: string };
  searchWorkers: Array<{ pid: number; log: string }>;
}

export interface ScaleTopology {
  state: ScaleState;
  /** The gateway primary's current worker processes. */
  gatewayWorkers(): number[];
  /** SIGTERM to scale.js (it stops the rest), bounded; SIGKILL to whatever survives. */
  stop(): Promise<void>;
}

export const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** Established server-side connections on `port` whose socket belongs to `pid` (ss -p). */
export function connectionsHeldBy(pid: number, port: number): number {
  const out = execFileSync('ss', ['-tnpH', 'state', 'established', `( sport = :${port} )`], {
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line.includes(`pid=${pid},`)).length;
}

/** Pids of the JSON lines of `log` that match `test`. */
export function loggedPids(
  log: string,
  test: (line: { msg?: string; route?: string }) => boolean,
): Set<number> {
  const pids = new Set<number>();
  for (const text of readFileSync(log, 'utf8').split('\n')) {
    try {
      const line = JSON.parse(text) as { msg?: string; route?: string; pid: number };
      if (test(line)) pids.add(line.pid);
    } catch {
      // not a JSON line
    }
  }
  return pids;
}

export async function waitFor(what: string, test: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `scripts/scale.js --gateways g --workers w` in the foreground on `port`, metrics off, against
 * the suite's schema, index prefix and NATS subjects; resolves once its state file says ready.
 */
export async function startScale(
  config: AppConfig,
  opts: { gateways: number; workers: number; port: number; env?: Record<string, string> },
): Promise<ScaleTopology> {
  for (const f of DIST_MAINS)
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first`);
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-scale-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      SCALE,
      '--gateways',
      String(opts.gateways),
      '--workers',
      String(opts.workers),
      '--port',
      String(opts.port),
    ].concat(['--metrics-port', '0', '--state-dir', dir, '--timeout', '60']),
    {
      env: appProcessEnv(config, opts.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const stateFile = path.join(dir, 'state.json');
  const pidsSeen = new Set<number>();
  const topology: ScaleTopology = {
    state: undefined as unknown as ScaleState,
    gatewayWorkers: () => childrenOf(topology.state.gateway.pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        let timer: NodeJS.Timeout | undefined;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 25_000)))]);
        clearTimeout(timer);
      }
      const s = topology.state;
      const left = s
        ? [s.gateway.pid, ...childrenOf(s.gateway.pid), ...s.searchWorkers.map((w) => w.pid)]
        : [];
      for (const pid of [child.pid!, ...left, ...pidsSeen])
        if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(
      'scale.js to report ready',
      () => {
        if (child.exitCode !== null) throw new Error(`scale.js exited ${child.exitCode}: ${output}`);
        return existsSync(stateFile) && (JSON.parse(readFileSync(stateFile, 'utf8')) as ScaleState).ready;
      },
      70_000,
    );
  } catch (error) {
    await topology.stop();
    throw error;
  }
  topology.state = JSON.parse(readFileSync(stateFile, 'utf8')) as ScaleState;
  for (const pid of topology.gatewayWorkers()) pidsSeen.add(pid);
  return topology;
}

/** A response as test/faults/servers.ts's outcomeOf reads it; a socket error is status 0. */
export interface HttpOutcome {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { error?: string; details?: { retry_after_seconds?: number }; matches?: unknown[] };
}

/** POSTs JSON with an API key over `agent` (keep-alive) or a fresh connection (`agent` false). */
export function postJson(
  port: number,
  url: string,
  body: object,
  key: string,
  agent: Agent | false,
): Promise<HttpOutcome> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        agent,
        timeout: 15_000,
        headers: {
          'api-key': key,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(text) }),
        );
        res.on('error', (e: NodeJS.ErrnoException) => resolve(socketError(e)));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => resolve(socketError(e)));
    req.end(payload);
  });
}

const socketError = (e: NodeJS.ErrnoException): HttpOutcome => ({
  statusCode: 0,
  headers: {},
  json: () => ({ error: e.code ?? e.message }),
});
