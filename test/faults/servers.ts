import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Throwaway servers for fault tests: never the shared stack's, so a test can pause or break
 * them without touching what other suites use.
 */

export interface SilentListener {
  port: number;
  /**
   * Resolves once the bytes received so far contain `text` (an HTTP request line, say): the
   * moment a client has demonstrably reached this dependency, instead of a guessed delay.
   */
  received(text: string, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A TCP listener that accepts connections and never answers: the worst dependency there is. */
export async function silentListener(): Promise<SilentListener> {
  const sockets = new Set<Socket>();
  let seen = '';
  const waiters = new Set<() => void>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => {
      // Request heads are what tests wait for; bodies need not be kept whole.
      seen = (seen + chunk.toString('latin1')).slice(-65536);
      for (const w of waiters) w();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    received: (text, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!seen.includes(text)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `nothing containing ${JSON.stringify(text)} reached the listener within ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An own redis-server on `port`, no persistence; resolves once it accepts connections. */
export async function ownRedis(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 5 s')), 5000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function elapsed<T>(fn: () => Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const start = Date.now();
  try {
    const value = await fn();
    return { ms: Date.now() - start, value };
  } catch (error) {
    return { ms: Date.now() - start, error };
  }
}

const PG_BIN = '/usr/lib/postgresql/15/bin';

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: ${code} ${stderr}`)),
    );
  });
}

/** Runs a Postgres binary as the `postgres` OS user when we are root (initdb refuses root). */
const asPostgres = (bin: string, args: string[]) =>
  process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${bin}`, ...args])
    : run(`${PG_BIN}/${bin}`, args);

export interface OwnPostgres {
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), committed work is kept. */
  stop(): Promise<void>;
  /** Stops it and deletes its data directory. */
  destroy(): Promise<void>;
}

/** An own Postgres cluster on `port` in a temporary directory (trust auth, fsync off), started. */
export async function ownPostgres(port: number): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fault-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  let running = false;
  const pg: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asPostgres('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-t',
        '20',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
        'start',
      ]);
      running = true;
    },
    async stop() {
      if (!running) return;
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '20', 'stop']);
      running = false;
    },
    async destroy() {
      await pg.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}

export interface OwnNats {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** An own nats-server (JetStream in a temporary directory) on `port`, started. */
export async function ownNats(port: number): Promise<OwnNats> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fault-nats-'));
  let child: ChildProcess | undefined;
  const nats: OwnNats = {
    url: `nats://127.0.0.1:${port}`,
    async start() {
      const c = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('nats-server did not start within 5 s')), 5000);
        const onData = (chunk: Buffer) => {
          if (chunk.toString().includes('Server is ready')) {
            clearTimeout(timer);
            resolve();
          }
        };
        c.stdout!.on('data', onData);
        c.stderr!.on('data', onData);
        c.once('exit', (code) => reject(new Error(`nats-server exited with ${code}`)));
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const c = child;
        if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      }),
    async destroy() {
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await nats.start();
  return nats;
}

/** Outcome of one request in a load loop. */
export interface Outcome {
  status: number;
  ms: number;
  at: number;
  retryAfter?: string;
  /** `details.retry_after_seconds` of an error body. */
  retryAfterSeconds?: number;
  error?: string;
  matches: number;
  charged: number;
}

/** Counts by status, max latency, and the first 200 after `since`. */
export function summarize(outcomes: Outcome[], since = 0) {
  const statuses: Record<number, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  const firstOkAfter = outcomes
    .filter((o) => o.status === 200 && o.at - o.ms >= since)
    .map((o) => o.at - o.ms);
  return {
    requests: outcomes.length,
    statuses,
    maxMs: Math.max(0, ...outcomes.map((o) => o.ms)),
    firstOkStartAfter: firstOkAfter.length ? Math.min(...firstOkAfter) : undefined,
  };
}

/** Every outcome is 200, or 503 `service_unavailable` whose Retry-After header matches its body. */
export function expectOnly200Or503(outcomes: Outcome[]): void {
  for (const o of outcomes) {
    expect([200, 503]).toContain(o.status);
    if (o.status === 503) {
      expect(o.error).toBe('service_unavailable');
      expect(o.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(o.retryAfter).toBe(String(o.retryAfterSeconds));
    }
  }
}

/** One request's outcome, from an inject response. */
export function outcomeOf(
  res: {
    statusCode: number;
    headers: Record<string, unknown>;
    json(): { error?: string; details?: { retry_after_seconds?: number }; matches?: unknown[] };
  },
  start: number,
  t0: number,
): Outcome {
  const body = res.json();
  return {
    status: res.statusCode,
    ms: Date.now() - start,
    at: Date.now() - t0,
    retryAfter: res.headers['retry-after'] as string | undefined,
    retryAfterSeconds: body?.details?.retry_after_seconds,
    error: body?.error,
    matches: res.statusCode === 200 ? (body.matches?.length ?? 0) : 0,
    charged: Number(res.headers['x-credits-charged'] ?? 0),
  };
}

export interface LoadLoops {
  outcomes: Outcome[];
  stop(): Promise<void>;
}

/** Loops not stopped yet: an afterAll stops them (stopLoads) before closing what they call. */
const runningLoads = new Set<LoadLoops>();

/**
 * `count` loops sending `send()` back to back until `stop()`, recording each outcome against
 * `t0`; a loop pauses `pauseOnErrorMs` after a non-200 so a fault is not hammered. A send that
 * throws (the app under test already closed) ends as status 0, never an unhandled rejection
 * that fails whichever suite the Jest worker runs next.
 */
export function loadLoops(
  count: number,
  send: () => Promise<Parameters<typeof outcomeOf>[0]>,
  t0: number,
  pauseOnErrorMs = 0,
): LoadLoops {
  const outcomes: Outcome[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const start = Date.now();
      let status: number;
      try {
        const res = await send();
        outcomes.push(outcomeOf(res, start, t0));
        status = res.statusCode;
      } catch (error) {
        outcomes.push({
          status: 0,
          ms: Date.now() - start,
          at: Date.now() - t0,
          error: String(error),
          matches: 0,
          charged: 0,
        });
        status = 0;
      }
      if (pauseOnErrorMs > 0 && status !== 200) await new Promise((r) => setTimeout(r, pauseOnErrorMs));
    }
  };
  const loops = Array.from({ length: count }, loop);
  const load: LoadLoops = {
    outcomes,
    async stop() {
      running = false;
      runningLoads.delete(load);
      await Promise.all(loops);
    },
  };
  runningLoads.add(load);
  return load;
}

/**
 * Stops every load loop still running: the first thing an afterAll does, so a test that
 * failed or timed out mid-load does not keep calling a gateway the afterAll is closing.
 */
export async function stopLoads(): Promise<void> {
  await Promise.all([...runningLoads].map((l) => l.stop()));
}

/** Waits (at most `timeoutMs`) until `n` requests started after `since` (ms from t0) answered 200. */
export async function untilServedAgain(
  outcomes: Outcome[],
  since: number,
  timeoutMs: number,
  n = 30,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (outcomes.filter((o) => o.status === 200 && o.at - o.ms >= since).length >= n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
