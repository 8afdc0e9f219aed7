/**
 * A bystander's search latency while an attacker sends the worst constructed query through the
 * real HTTP API (see RESULTS.md): the gateway in this process, the search worker its own process
 * (`dist/apps/search/src/main.js`, as deployed: one event loop), the sandbox build loaded in a
 * schema and index prefix of the run's own, two keys of two teams.
 *
 *   npm run build:bench
 *   node dist/bench/query-cost/http.js [--seconds 20] [--rate 4] [--bystander-rate 10] [--attack 0]
 *
 * Phases: the bystander alone; then the attacker's `--rate` requests a second (each a new text,
 * `--attack` is an index into WORST) with the bystander's beside them; then the worker is left
 * to finish what it took, and its CPU over the attack (less the bystander's share) is charged to
 * the attack requests. Both senders are open loops: a request leaves on time whether or not the
 * ones before it were answered, so a stalled worker shows as latency, not as fewer requests.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment } from '@app/testing';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { childrenOf, cpuSeconds } from '../../scripts/processes';
import { createBenchKey } from '../shared/bench-key';
import { quantile } from '../shared/latency';
import { startSearchPath } from '../search/worker';
import { BYSTANDER, WORST } from './queries';

const log = (text: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${text}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The search worker's CPU seconds so far; 0 once it is gone (as bench/scale counts a process). */
const workerCpu = (pid: number) => cpuSeconds(pid) ?? 0;
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Sent {
  ms: number;
  status: number | string;
}

/** One POST, timed to its answer; a client-side timeout or socket error is its status. */
async function post(url: string, key: string, query: string): Promise<Sent> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ query, limit: 10 }),
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  } catch (error) {
    return { ms: performance.now() - started, status: (error as Error).name };
  }
}

/** `perSecond` requests a second for `seconds`, each sent on schedule; resolves when all are answered. */
async function openLoop(
  perSecond: number,
  seconds: number,
  send: (i: number) => Promise<Sent>,
): Promise<Sent[]> {
  const pending: Promise<Sent>[] = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    if (due > performance.now()) await sleep(due - performance.now());
    pending.push(send(i));
  }
  return Promise.all(pending);
}

function summary(sent: Sent[]): string {
  const ms = sent.map((s) => s.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of sent) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const f = (x: number) => x.toFixed(1);
  return `${sent.length} requests ${JSON.stringify(statuses)}; p50 ${f(quantile(ms, 0.5))} ms, p99 ${f(quantile(ms, 0.99))} ms, max ${f(ms[ms.length - 1] ?? 0)} ms`;
}

/** Waits until the worker has used less than 2% of a core for a second (it finished its queue). */
async function idle(pid: number, limitMs = 600_000): Promise<void> {
  for (const until = Date.now() + limitMs; Date.now() < until;) {
    const before = workerCpu(pid);
    await sleep(1000);
    if (workerCpu(pid) - before < 0.02) return;
  }
  throw new Error(`the search worker was still busy after ${limitMs} ms`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '20' },
      rate: { type: 'string', default: '4' },
      'bystander-rate': { type: 'string', default: '10' },
      attack: { type: 'string', default: '0' },
    },
  });
  const seconds = Number(values.seconds);
  const rate = Number(values.rate);
  const bystanderRate = Number(values['bystander-rate']);
  const attack = WORST[Number(values.attack)];
  if (!attack) throw new Error(`--attack is 0 to ${WORST.length - 1}`);

  const env = await createTestEnvironment({
    LOG_LEVEL: 'silent',
    NATS_REQUEST_TIMEOUT_MS: '5000',
    RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
  });
  const cleanups: Array<() => Promise<unknown>> = [() => env.cleanup()];
  try {
    const os = createOpenSearchClient(env.config.opensearch);
    const sandbox = path.resolve(__dirname, '..', '..', '..', 'data', 'sandbox');
    await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir: sandbox, sandbox: true }).finally(
      () => os.close(),
    );
    const { key: bystanderKey, gateway } = await startSearchPath(env.config, env.db.dataSource, cleanups);
    const attacker = await createBenchKey(env.db.dataSource);
    cleanups.unshift(attacker.remove);
    await gateway.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}/sandbox/person/search`;
    const worker = childrenOf(process.pid).find((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.join('apps', 'search', 'src', 'main.js')),
    );
    if (!worker) throw new Error('search worker process not found');
    const smoke = await post(url, bystanderKey, BYSTANDER);
    if (smoke.status !== 200) throw new Error(`bystander search answered ${smoke.status}`);
    const bystander = () => post(url, bystanderKey, BYSTANDER);

    log(
      `attack: ${attack.name}, ${rate}/s; bystander ${bystanderRate}/s; ${seconds} s per phase; load average ${loads()}`,
    );
    // Warm-up, attack included: the figures are the worker's steady state, not its JIT's first pass.
    await Promise.all([
      openLoop(bystanderRate, 2, bystander),
      openLoop(rate, 2, (i) => post(url, attacker.key, attack.build(1_000_000 + i))),
    ]);
    await idle(worker);
    let cpu = workerCpu(worker);
    const alone = await openLoop(bystanderRate, seconds, bystander);
    const perBystander = (workerCpu(worker) - cpu) / alone.length;
    log(`bystander alone: ${summary(alone)}; worker ${(perBystander * 1000).toFixed(2)} CPU ms per request`);

    cpu = workerCpu(worker);
    const started = Date.now();
    const [attacks, during] = await Promise.all([
      openLoop(rate, seconds, (i) => post(url, attacker.key, attack.build(i))),
      openLoop(bystanderRate, seconds, bystander),
    ]);
    log(
      `answered ${((Date.now() - started) / 1000).toFixed(1)} s after the attack began; waiting for the worker to finish its queue`,
    );
    await idle(worker);
    const drained = (Date.now() - started) / 1000;
    const perAttack = (workerCpu(worker) - cpu - during.length * perBystander) / attacks.length;
    log(`attacker: ${summary(attacks)}`);
    log(`bystander during the attack: ${summary(during)}`);
    log(
      `worker: ${(perAttack * 1000).toFixed(1)} CPU ms per attack request; idle again ${drained.toFixed(1)} s after the attack began`,
    );
    log(`load average after: ${loads()}`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e: Error) => log(`cleanup: ${e.message}`));
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
