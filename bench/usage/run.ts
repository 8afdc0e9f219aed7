/**
 * What recording usage events costs a request: two in-process gateways on one throwaway schema,
 * the real GatewayModule each, one as it runs (every authenticated request becomes an
 * api_requests row, batched off the request path) and one with UsageEventsService replaced by a
 * stub (nothing recorded). Both serve POST /utility/clean (keyed, free, no I/O: what is measured
 * is the gateway's own work), in alternating rounds so drift and the shared machine's load hit both:
 *
 *   - sequential requests on one keep-alive connection: round-trip latency;
 *   - autocannon in a child process: throughput, whose inverse is the event-loop time per
 *     request, where the hook's push and the batched inserts' cost show up.
 *
 * Between rounds each gateway's waiting events are written, so a round never pays for the last.
 *
 *   npm run build:bench && node dist/bench/usage/run.js [--rounds 4] [--requests 3000] [--duration 5] [--connections 10]
 *
 * Needs Postgres and NATS. Prints Markdown.
 */
import 'reflect-metadata';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { createHttpApp } from '@app/server';
import {
  type ApiRequestRow,
  createDataSource,
  insertApiKey,
  insertApiRequests,
  insertTeam,
  quoteIdent,
  runMigrations,
} from '@app/store';
import { GatewayModule } from '../../apps/gateway/src/gateway.module';
import { RequestBatcher } from '../../apps/gateway/src/usage/request-batcher';
import { USAGE_EVENT_BATCHING, UsageEventsService } from '../../apps/gateway/src/usage/usage-events.service';
import { cannonRequests } from '../shared/autocannon';
import { benchConfig } from '../shared/bench-config';
import { quantile } from '../shared/latency';

const URL_PATH = '/utility/clean';
const BODY = JSON.stringify({ fields: { email: 'Jane.Doe@Example.COM', state: 'Calif.' } });
type Mode = 'off' | 'on';

function arg(name: string, fallback: string): number {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback);
}

function post(agent: http.Agent, port: number, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        method: 'POST',
        host: '127.0.0.1',
        port,
        path: URL_PATH,
        agent,
        headers: { 'api-key': key, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Number(process.hrtime.bigint() - started) / 1000)
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(BODY);
  });
}

async function main(): Promise<void> {
  const rounds = arg('rounds', '4');
  const requests = arg('requests', '3000');
  const seconds = arg('duration', '5');
  const connections = arg('connections', '10');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const config = benchConfig({ schema, name: 'usage', extra: { JOB_RUNNER: 'off', METRICS_PORT: '0' } });
  const ds = createDataSource(config.database, { applicationName: 'svc-bench' });
  await runMigrations(ds);
  const apps: Partial<Record<Mode, NestFastifyApplication>> = {};
  /** Requests each gateway answered (its onResponse), the measure of what must be recorded. */
  const answered: Record<Mode, number> = { off: 0, on: 0 };
  try {
    const team = await insertTeam(ds, { name: schema, credits: 0, tier: 'standard', contractEnd: null });
    const { apiKey: key } = await insertApiKey(ds, team.id, null);
    for (const mode of ['on', 'off'] as const) {
      const builder = Test.createTestingModule({ imports: [GatewayModule.forRoot(config)] });
      if (mode === 'off')
        builder.overrideProvider(UsageEventsService).useValue({ flush: async () => undefined });
      const app = await createHttpApp(await builder.compile(), config, `bench-${mode}`);
      app
        .getHttpAdapter()
        .getInstance()
        .addHook('onResponse', (_request, _reply, done) => {
          answered[mode] += 1;
          done();
        });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps[mode] = app;
    }
    const port = (mode: Mode) => (apps[mode]!.getHttpServer().address() as AddressInfo).port;
    const settle = async () => {
      await new Promise((r) => setTimeout(r, 300));
      for (const app of Object.values(apps)) await app.get(UsageEventsService).flush();
    };

    const latency: Record<Mode, number[]> = { off: [], on: [] };
    const rps: Record<Mode, number[]> = { off: [], on: [] };
    /** This process's CPU time per answered request in each autocannon round: the load on the machine barely moves it. */
    const cpu: Record<Mode, number[]> = { off: [], on: [] };
    const agents = { off: new http.Agent({ keepAlive: true }), on: new http.Agent({ keepAlive: true }) };
    for (const mode of ['off', 'on'] as const)
      for (let i = 0; i < 1000; i++) await post(agents[mode], port(mode), key);
    await settle();
    const written0 = await rows(ds);
    const answered0 = answered.on;
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always follows the other.
      const order: Mode[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
      for (const mode of order) {
        for (let i = 0; i < requests; i++) latency[mode].push(await post(agents[mode], port(mode), key));
        await settle();
      }
      for (const mode of order) {
        const cpuBefore = process.cpuUsage();
        const answeredBefore = answered[mode];
        const measured = await cannonRequests(
          `http://127.0.0.1:${port(mode)}${URL_PATH}`,
          key,
          [{ method: 'POST', body: BODY }],
          seconds,
          connections,
        );
        if (measured.failed > 0)
          throw new Error(`${mode}: ${measured.failed} failed (${measured.firstError})`);
        rps[mode].push(measured.rps);
        await settle();
        const used = process.cpuUsage(cpuBefore);
        cpu[mode].push((used.user + used.system) / (answered[mode] - answeredBefore));
      }
    }
    for (const agent of Object.values(agents)) agent.destroy();
    const written = (await rows(ds)) - written0;

    const us = (x: number) => x.toFixed(1);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const median = (xs: number[]) => quantile(sorted(xs), 0.5);
    const out = [
      `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
      '',
      `Sequential POST ${URL_PATH}, ${rounds} rounds of ${requests} per gateway, one keep-alive connection; round trip in µs:`,
      '',
      '| usage events | p50 | p90 | p99 |',
      '| --- | ---: | ---: | ---: |',
      ...(['off', 'on'] as const).map((m) => {
        const s = sorted(latency[m]);
        return `| ${m} | ${us(quantile(s, 0.5))} | ${us(quantile(s, 0.9))} | ${us(quantile(s, 0.99))} |`;
      }),
      '',
      `autocannon, ${connections} connections, ${seconds} s per round; requests per second per round and their median:`,
      '',
      '| usage events | req/s per round | median req/s | CPU µs per request per round (this process, inserts included) | median CPU µs per request |',
      '| --- | --- | ---: | --- | ---: |',
      ...(['off', 'on'] as const).map(
        (m) =>
          `| ${m} | ${rps[m].map((r) => Math.round(r)).join(', ')} | ${Math.round(median(rps[m]))} | ` +
          `${cpu[m].map(us).join(', ')} | ${us(median(cpu[m]))} |`,
      ),
      '',
      ...(await parts(ds, team.id)),
      '',
      `Events written by the recording gateway during the rounds: ${written} for the ${answered.on - answered0} requests it answered.`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    for (const app of Object.values(apps)) await app.close();
    await ds.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await ds.destroy();
  }
}

/**
 * The two costs recording adds, each alone and in CPU time, which the machine's load barely
 * moves: a request's share on the request path (the row made and pushed, as the onResponse hook
 * does) and its share of a batch insert (arrays built, sent, the commit awaited).
 */
async function parts(ds: ReturnType<typeof createDataSource>, teamId: number): Promise<string[]> {
  const row = (): ApiRequestRow => ({
    at: new Date(),
    teamId,
    apiKeyId: 1,
    requestId: randomBytes(16).toString('hex'),
    method: 'POST',
    endpoint: 'utility_clean',
    status: 200,
    credits: 0,
    chargeId: null,
    sandbox: false,
  });
  const adds = 200_000;
  const batcher = new RequestBatcher<ApiRequestRow>(
    { flushMs: 60_000, batchRows: adds + 1, maxRows: adds + 1 },
    { write: async () => undefined, dropped: () => undefined },
  );
  const rowsMade = Array.from({ length: 1000 }, row);
  let cpu = process.cpuUsage();
  for (let i = 0; i < adds; i++) batcher.add({ ...rowsMade[i % 1000], at: new Date() });
  let used = process.cpuUsage(cpu);
  const perAdd = ((used.user + used.system) * 1000) / adds;
  const batches = 40;
  const batch = Array.from({ length: USAGE_EVENT_BATCHING.batchRows }, row);
  const started = process.hrtime.bigint();
  cpu = process.cpuUsage();
  for (let i = 0; i < batches; i++) await insertApiRequests(ds, batch);
  used = process.cpuUsage(cpu);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6 / batches;
  const perRow = (used.user + used.system) / (batches * batch.length);
  return [
    'Each part alone, in this process:',
    '',
    '| part | cost |',
    '| --- | ---: |',
    `| a request's row made and pushed onto the batch (onResponse hook), ${adds.toLocaleString('en-US')} times | ${perAdd.toFixed(0)} ns CPU each |`,
    `| a batch of ${batch.length} rows inserted (insertApiRequests), ${batches} times | ${wallMs.toFixed(1)} ms wall per batch, ${perRow.toFixed(2)} µs CPU per row |`,
  ];
}

async function rows(ds: ReturnType<typeof createDataSource>): Promise<number> {
  const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM api_requests`)) as Array<{ n: number }>;
  return n;
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
