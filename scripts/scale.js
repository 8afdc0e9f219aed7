#!/usr/bin/env node
// `npm run scale -- --gateways N --workers M [--port 3000]`: one gateway primary with
// GATEWAY_WORKERS=N on one port and M search workers, from dist/ and the current environment,
// each with a log under .stack/scale/. Foreground by default (Ctrl-C stops them); --detach leaves
// them running with a state file that --stop reads. docs/operations.md, "Scaling out".
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { childrenOf } = require('./processes');

const root = path.resolve(__dirname, '..');
const GATEWAY_MAIN = path.join(root, 'dist/apps/gateway/src/main.js');
const SEARCH_MAIN = path.join(root, 'dist/apps/search/src/main.js');
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';
const MAX_PROCESSES = 64;
// The search worker logs nothing per request, so info costs nothing and carries its ready line.
const QUIETER_THAN_INFO = ['warn', 'error', 'fatal', 'silent'];

const USAGE = `usage: npm run scale -- --gateways N --workers M [--port 3000] [--metrics-port 9464]
                     [--state-dir .stack/scale] [--timeout 90] [--detach]
       npm run scale -- --stop [--state-dir .stack/scale]

  --gateways N      gateway processes behind --port (GATEWAY_WORKERS=N; N > 1 shares rate limits in Redis)
  --workers M       search worker processes (one NATS queue group)
  --port P          the gateway's HTTP port (default: PORT or 3000)
  --metrics-port B  METRICS_PORT of the gateway primary; search worker i gets B+2+i; 0 turns metrics off
                    (default 9464)
  --state-dir D     where the logs and the state file go (default .stack/scale)
  --timeout S       seconds to wait for every process to be ready (default 90)
  --detach          leave the processes running and exit; --stop stops them
  --stop            stop a set started with --detach (or a foreground one) from the same state dir`;

class UsageError extends Error {}

function int(name, text, min, max) {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got '${text}')`);
  return Number(text);
}

function parseCli(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        gateways: { type: 'string' },
        workers: { type: 'string' },
        port: { type: 'string' },
        'metrics-port': { type: 'string' },
        'state-dir': { type: 'string' },
        timeout: { type: 'string' },
        detach: { type: 'boolean', default: false },
        stop: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  const stateDir = values['state-dir'] ? path.resolve(values['state-dir']) : DEFAULT_STATE_DIR;
  if (values.help) return { help: true };
  if (values.stop) {
    const extra = ['gateways', 'workers', 'port', 'metrics-port', 'timeout', 'detach'].filter(
      (k) => values[k] !== undefined && values[k] !== false,
    );
    if (extra.length) throw new UsageError(`--stop takes only --state-dir (not --${extra.join(', --')})`);
    return { stop: true, stateDir };
  }
  if (values.gateways === undefined || values.workers === undefined)
    throw new UsageError('--gateways N and --workers M are required');
  const options = {
    stateDir,
    detach: values.detach,
    gateways: int('gateways', values.gateways, 1, MAX_PROCESSES),
    workers: int('workers', values.workers, 1, MAX_PROCESSES),
    port: int('port', values.port ?? process.env.PORT ?? '3000', 1, 65535),
    metricsPort: int('metrics-port', values['metrics-port'] ?? '9464', 0, 65535 - 2 - MAX_PROCESSES),
    timeoutMs: int('timeout', values.timeout ?? '90', 1, 3600) * 1000,
  };
  if (options.port === 0) throw new UsageError('--port must not be 0');
  return options;
}

const statePath = (dir) => path.join(dir, 'state.json');
const DEFAULT_STATE_DIR = path.join(root, '.stack/scale');
const stateDirArg = (dir) => (dir === DEFAULT_STATE_DIR ? '' : ` --state-dir ${dir}`);
/** Paths inside the repository as relative ones, others as they are. */
const rel = (p) => (p.startsWith(root + path.sep) ? path.relative(root, p) : p);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
/** The pid still runs the script it was recorded for (not a recycled pid). */
const runs = (pid, script) => {
  try {
    return alive(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
  } catch {
    return alive(pid);
  }
};

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Pids of the JSON log lines in `file` whose msg is `msg`. */
function loggedPids(file, msg) {
  const pids = new Set();
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return pids;
  }
  for (const line of text.split('\n')) {
    if (!line.includes(msg)) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.msg === msg) pids.add(entry.pid);
    } catch {
      // a line that is not JSON (a crash trace) says nothing about readiness
    }
  }
  return pids;
}

/**
 * SIGTERM to every process in `pids` (a gateway primary passes it on to its workers), then
 * SIGKILL to whatever is left after the grace, the primary's workers included.
 */
async function stopProcesses(pids, graceMs) {
  const live = pids.filter((pid) => pid > 0 && alive(pid));
  const all = [...live, ...live.flatMap(childrenOf)];
  for (const pid of live) process.kill(pid, 'SIGTERM');
  for (const until = Date.now() + graceMs; Date.now() < until && all.some(alive);) await sleep(100);
  for (const pid of all.filter(alive)) {
    process.stderr.write(`scale: pid ${pid} did not stop within ${graceMs} ms; killing it\n`);
    process.kill(pid, 'SIGKILL');
  }
}

const pidsOf = (state) => [state.gateway.pid, ...state.searchWorkers.map((w) => w.pid)];
const graceMs = () => Number(process.env.SHUTDOWN_GRACE_MS || 10000) + 5000;

async function stopDetached(stateDir) {
  const file = statePath(stateDir);
  if (!fs.existsSync(file)) {
    process.stdout.write(`scale: nothing to stop (no ${rel(file)})\n`);
    return 0;
  }
  const state = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A foreground run stops its own processes when told to, and removes the state file.
  if (state.foregroundPid && runs(state.foregroundPid, 'scale.js')) {
    process.kill(state.foregroundPid, 'SIGTERM');
    for (const until = Date.now() + graceMs() + 5000; Date.now() < until && alive(state.foregroundPid);)
      await sleep(100);
  }
  const pids = [
    ...(runs(state.gateway.pid, GATEWAY_MAIN) ? [state.gateway.pid] : []),
    ...state.searchWorkers.filter((w) => runs(w.pid, SEARCH_MAIN)).map((w) => w.pid),
  ];
  await stopProcesses(pids, graceMs());
  fs.rmSync(file, { force: true });
  process.stdout.write(`scale: stopped the set in ${rel(stateDir)}\n`);
  return 0;
}

function startProcess(script, nodeFlags, env, log) {
  const fd = fs.openSync(log, 'w');
  // Own process group: a terminal's Ctrl-C reaches this script only, which stops them in order.
  const child = spawn(process.execPath, [...nodeFlags, script], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  return child;
}

async function waitReady(o, gateway, workers, logs, gatewayLogsReady) {
  const until = Date.now() + o.timeoutMs;
  let waitingFor = 'the gateway';
  while (Date.now() < until) {
    for (const [name, child, log] of [
      ['gateway', gateway, logs.gateway],
      ...workers.map((w, i) => [`search worker ${i}`, w, logs.workers[i]]),
    ])
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `${name} exited (${child.signalCode ?? child.exitCode}) before it was ready; ${log}:\n${tail(log)}`,
        );
    const health = await fetch(`http://127.0.0.1:${o.port}/health`, {
      signal: AbortSignal.timeout(2000),
    }).then(
      (r) => r.status,
      () => 0,
    );
    const forked = o.gateways > 1 ? childrenOf(gateway.pid) : [gateway.pid];
    const gatewaysReady = gatewayLogsReady
      ? forked.filter((pid) => loggedPids(logs.gateway, 'gateway ready').has(pid)).length
      : forked.length;
    const workersReady = workers.filter((w, i) =>
      loggedPids(logs.workers[i], 'search worker ready').has(w.pid),
    ).length;
    if (
      health === 200 &&
      forked.length === o.gateways &&
      gatewaysReady === o.gateways &&
      workersReady === o.workers
    )
      return;
    waitingFor = `gateway /health ${health || 'no answer'}, ${gatewaysReady}/${o.gateways} gateway processes and ${workersReady}/${o.workers} search workers ready`;
    await sleep(250);
  }
  throw new Error(`not ready within ${o.timeoutMs / 1000} s: ${waitingFor} (logs in ${rel(o.stateDir)})`);
}

async function start(o) {
  for (const f of [GATEWAY_MAIN, SEARCH_MAIN])
    if (!fs.existsSync(f)) throw new Error(`${rel(f)} is missing: run \`npm run build\` first`);
  fs.mkdirSync(o.stateDir, { recursive: true });
  const file = statePath(o.stateDir);
  if (fs.existsSync(file)) {
    const old = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (pidsOf(old).some(alive))
      throw new Error(`a set started from ${rel(o.stateDir)} is still running: --stop it first`);
    fs.rmSync(file);
  }
  const metrics = (offset) => (o.metricsPort === 0 ? 0 : o.metricsPort + offset);
  const ports = [
    o.port,
    ...(o.metricsPort ? [metrics(0), ...Array.from({ length: o.workers }, (_, i) => metrics(2 + i))] : []),
  ];
  for (const port of ports) if (!(await portFree(port))) throw new Error(`port ${port} is in use`);

  const notes = [];
  const gatewayEnv = {
    ...process.env,
    PORT: String(o.port),
    GATEWAY_WORKERS: String(o.gateways),
    METRICS_PORT: String(metrics(0)),
  };
  if (o.gateways > 1 && !process.env.REDIS_URL) {
    gatewayEnv.REDIS_URL = DEFAULT_REDIS;
    notes.push(`REDIS_URL was unset: the gateway processes share rate limits in ${DEFAULT_REDIS}`);
  }
  const level = process.env.LOG_LEVEL || 'info';
  const workerLevel = QUIETER_THAN_INFO.includes(level) ? 'info' : level;
  if (workerLevel !== level)
    notes.push(`search workers log at info (LOG_LEVEL=${level}): their ready line is an info line`);
  const logs = {
    gateway: path.join(o.stateDir, 'gateway.log'),
    workers: Array.from({ length: o.workers }, (_, i) => path.join(o.stateDir, `search-${i}.log`)),
  };
  const gateway = startProcess(GATEWAY_MAIN, ['--max-semi-space-size=64'], gatewayEnv, logs.gateway);
  const workers = logs.workers.map((log, i) =>
    startProcess(
      SEARCH_MAIN,
      [],
      { ...process.env, LOG_LEVEL: workerLevel, METRICS_PORT: String(metrics(2 + i)) },
      log,
    ),
  );
  const state = {
    ready: false,
    startedAt: new Date().toISOString(),
    foregroundPid: o.detach ? null : process.pid,
    port: o.port,
    gateway: { pid: gateway.pid, processes: o.gateways, metricsPort: metrics(0), log: logs.gateway },
    searchWorkers: workers.map((w, i) => ({ pid: w.pid, metricsPort: metrics(2 + i), log: logs.workers[i] })),
  };
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    await stopProcesses(pidsOf(state), graceMs());
    fs.rmSync(file, { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));
  // Written at once, so --stop finds a set whose start was interrupted; `ready` once it serves.
  const save = () => {
    // Renamed into place: a reader polling the file never sees half of it.
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
  };
  save();
  try {
    await waitReady(o, gateway, workers, logs, !QUIETER_THAN_INFO.includes(level));
  } catch (error) {
    process.stderr.write(`scale: ${error.message}\nscale: stopping what started\n`);
    await stop(1);
    return;
  }
  state.ready = true;
  save();
  const lines = [
    `scale: ready — http://127.0.0.1:${o.port}`,
    `  gateway primary  pid ${gateway.pid}  ${o.gateways} process(es)${o.gateways > 1 ? ` (pids ${childrenOf(gateway.pid).join(', ')})` : ''}  metrics ${metrics(0) || 'off'}  log ${rel(logs.gateway)}`,
    ...workers.map(
      (w, i) =>
        `  search worker ${i}  pid ${w.pid}  metrics ${metrics(2 + i) || 'off'}  log ${rel(logs.workers[i])}`,
    ),
    ...notes.map((n) => `  note: ${n}`),
    `  state ${rel(file)}`,
    o.detach
      ? `  detached: \`npm run scale -- --stop${stateDirArg(o.stateDir)}\` stops them`
      : '  Ctrl-C stops them',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (o.detach) {
    for (const c of [gateway, ...workers]) c.unref();
    process.exit(0);
  }
  const report = (name, child) =>
    child.once('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(`scale: ${name} (pid ${child.pid}) exited (${signal ?? code})\n`);
      // Nothing serves without the gateway primary; a lost search worker leaves the others serving.
      if (child === gateway) void stop(1);
    });
  report('gateway primary', gateway);
  workers.forEach((w, i) => report(`search worker ${i}`, w));
}

async function main() {
  const o = parseCli(process.argv.slice(2));
  if (o.help) return void process.stdout.write(`${USAGE}\n`);
  if (o.stop) return void process.exit(await stopDetached(o.stateDir));
  await start(o);
}

main().catch((error) => {
  process.stderr.write(`scale: ${error.message}\n`);
  if (error instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
