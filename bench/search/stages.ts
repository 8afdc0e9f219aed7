/**
 * Where a search request's time goes inside the gateway, at one connection (no queueing): the
 * client's latency, the server's own span (Fastify onRequest → onResponse), and within it the
 * NATS request (worker + OpenSearch) and the charge; the rest is routing, the guard chain,
 * validation, interceptors and serialization. Complements run.ts, whose overhead figure is the
 * whole gateway path minus OpenSearch direct.
 *
 *   npm run build:bench
 *   node dist/bench/search/stages.js --schema bench_xxx [--prefix bench_xxx_] [--duration 10] [--query b]
 *
 * The gateway runs in this process (its service instances are timed in place); the search
 * worker is the real one in its own process; autocannon runs in a child process.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { benchConfig } from '../shared/bench-config';
import { createDataSource } from '@app/store';
import { CreditsService } from '../../apps/gateway/src/billing';
import { SearchClient } from '../../apps/gateway/src/search-client/search-client.service';
import { cpuSeconds } from '../../scripts/processes';
import { cannon } from '../shared/autocannon';
import { quantile } from '../shared/latency';
import { startSearchPath } from './worker';

const QUERIES: Record<string, string> = {
  a: "SELECT * FROM people WHERE city = 'san francisco' AND seniority_level = 'senior'",
  b: "SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = 'san francisco'",
  c: "SELECT * FROM people WHERE skills ILIKE '%python%' AND city = 'new york'",
};

type Timings = Map<string, number[]>;

/** Replaces `obj[name]` on this instance by a wrapper that records each call's duration. */
function timeMethod(timings: Timings, label: string, obj: object, name: string): void {
  const target = obj as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[name].bind(obj);
  timings.set(label, []);
  target[name] = async (...args: unknown[]) => {
    const start = performance.now();
    try {
      return await original(...args);
    } finally {
      timings.get(label)!.push(performance.now() - start);
    }
  };
}

function serverSpan(timings: Timings, server: FastifyInstance): void {
  const started = new WeakMap<object, number>();
  timings.set('server span (onRequest → onResponse)', []);
  server.addHook('onRequest', async (request) => void started.set(request, performance.now()));
  server.addHook('onResponse', async (request) => {
    const t = started.get(request);
    if (t !== undefined) timings.get('server span (onRequest → onResponse)')!.push(performance.now() - t);
  });
}

const p50 = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      schema: { type: 'string' },
      prefix: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      query: { type: 'string', default: 'b' },
    },
  });
  if (!values.schema) throw new Error('--schema SCHEMA (from bench/loader/run.js --keep) is required');
  const sql = QUERIES[values.query!] ?? values.query!;
  const config = benchConfig({ schema: values.schema, prefix: values.prefix, name: 'bench_stages' });
  const db = createDataSource(config.database, { applicationName: 'svc-bench-stages' });
  await db.initialize();
  const cleanups: Array<() => Promise<unknown>> = [() => db.destroy()];
  try {
    const { key, gateway, workerPid } = await startSearchPath(config, db, cleanups);
    const timings: Timings = new Map();
    serverSpan(timings, gateway.getHttpAdapter().getInstance());
    timeMethod(timings, 'NATS request (worker + OpenSearch)', gateway.get(SearchClient), 'send');
    timeMethod(timings, 'charge (one Postgres statement)', gateway.get(CreditsService), 'charge');
    await gateway.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}/person/search`;

    await cannon(url, key, [{ query: sql }], Number(values.warmup), 1);
    for (const list of timings.values()) list.length = 0;
    const cpuBefore = process.cpuUsage();
    const workerCpuBefore = cpuSeconds(workerPid)!;
    const client = await cannon(url, key, [{ query: sql }], Number(values.duration), 1);
    const cpu = process.cpuUsage(cpuBefore);
    const workerCpu = cpuSeconds(workerPid)! - workerCpuBefore;
    if (client.failed > 0) throw new Error(`gateway answered errors: ${client.firstError}`);

    const span = p50(timings.get('server span (onRequest → onResponse)')!);
    const nats = p50(timings.get('NATS request (worker + OpenSearch)')!);
    const charge = p50(timings.get('charge (one Postgres statement)')!);
    const rows: Array<[string, number]> = [
      ['client latency (autocannon)', client.p50],
      ['HTTP hop outside the server (client − server span)', client.p50 - span],
      ...[...timings].map(([label, list]) => [label, p50(list)] as [string, number]),
      ['rest of the gateway (span − NATS − charge)', span - nats - charge],
    ];
    process.stdout.write(
      `query: ${sql}\n${client.ok} requests at 1 connection in ${values.duration} s; ` +
        `gateway process CPU ${((cpu.user + cpu.system) / 1000 / client.ok).toFixed(2)} ms per request, ` +
        `search worker CPU ${((workerCpu * 1000) / client.ok).toFixed(2)} ms per request\n\n` +
        `| stage | p50 ms |\n| --- | ---: |\n${rows.map(([l, v]) => `| ${l} | ${v.toFixed(2)} |`).join('\n')}\n`,
    );
  } finally {
    for (const cleanup of cleanups)
      await cleanup().catch((e: Error) => process.stderr.write(`cleanup: ${e.message}\n`));
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
