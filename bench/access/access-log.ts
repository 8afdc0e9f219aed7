/**
 * What the access log costs the enrichment and search goals (issue 30, item 2; RESULTS.md
 * "Access log"). Two gateways in this process over one kept build, identical but for ACCESS_LOG
 * (on, off), one search worker process behind both, autocannon in a child process. Every
 * scenario is measured in rounds that alternate the modes, the order flipped each round (on/off,
 * off/on, …), so drift on a shared box falls on both; each gateway is warmed first.
 *
 *   npm run build:bench
 *   node --max-semi-space-size=64 dist/bench/access/access-log.js --dir /var/tmp/gen1m --schema bench_xxx
 *     [--prefix bench_xxx_] [--rounds 2] [--duration 10] [--warmup 5] [--connections 32]
 *     [--search-connections 8] [--people 500] [--only email,name,search,search100] [--prefill N]
 *
 * Scenarios: POST /person/enrich by email; by full_name + city + company; POST /person/search
 * with the default page (10 records, so 10 access rows a request) and with limit 100 (the most
 * a page returns). Each line: requests/s, p50/p99 ms, CPU µs per request of this process and of
 * the measured gateway's Postgres backends, and the access rows the round wrote. The load
 * average is sampled from /proc/loadavg before every measurement.
 *
 * `--prefill N` first writes N access rows of this month (random svc_ids, the bench team's), so
 * inserts land in an index of a size a running service has rather than in an empty one.
 *
 * Creates a throwaway enterprise team and key in the schema; deletes them and their access rows
 * at the end (the bench's own rows only: nothing else in the schema is touched).
 */
import 'reflect-metadata';
import { createReadStream, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import type { PersonRecord } from '@app/contracts';
import { createDataSource } from '@app/store';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { cannon } from '../shared/autocannon';
import { createBenchKey } from '../shared/bench-key';
import type { Measured } from '../shared/latency';
import { cpuPerRequest, sampleCpu } from '../matching/cpu-usage';
import { benchConfig } from '../shared/bench-config';
import { startWorkerFor } from '../search/worker';

type Mode = 'on' | 'off';

interface Scenario {
  id: string;
  label: string;
  route: string;
  bodies: object[];
  connections: number;
}

interface Line {
  round: number;
  scenario: string;
  mode: Mode;
  load: string;
  measured: Measured;
  cpu: { processUs: number; postgresUs: number };
  rows: number;
}

/** The first `n` people of the build with an email, and with a full name, a city and a company. */
async function enrichBodies(file: string, n: number): Promise<{ email: object[]; name: object[] }> {
  const email: object[] = [];
  const name: object[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const p = JSON.parse(line) as PersonRecord;
    if (email.length < n && p.emails[0]) email.push({ email: p.emails[0].address });
    if (name.length < n && p.full_name && p.city && p.company_name)
      name.push({ full_name: p.full_name, city: p.city, company: p.company_name });
    if (email.length >= n && name.length >= n) break;
  }
  lines.close();
  return { email, name };
}

const SETTLE_MS = 2000;
const PREFILL_BATCH = 500_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function bootGateway(
  config: AppConfig,
  mode: Mode,
): Promise<{ app: NestFastifyApplication; url: string }> {
  const app = await createGateway({ ...config, accessLog: { ...config.accessLog, enabled: mode === 'on' } });
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

async function accessRows(db: DataSource, teamId: number): Promise<number> {
  const [{ n }] = (await db.query('SELECT count(*)::int AS n FROM access_log WHERE team_id = $1', [
    teamId,
  ])) as Array<{
    n: number;
  }>;
  return n;
}

function table(lines: Line[]): string {
  const out = [
    '| round | scenario | ACCESS_LOG | load avg (1/5/15) | requests/s | p50 ms | p99 ms | CPU µs/req: process | Postgres | access rows | non-2xx |',
    '| ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const l of lines)
    out.push(
      `| ${l.round} | ${l.scenario} | ${l.mode} | ${l.load} | ${l.measured.rps} | ${l.measured.p50} | ${l.measured.p99} | ` +
        `${l.cpu.processUs} | ${l.cpu.postgresUs} | ${l.rows} | ${l.measured.failed > 0 ? `${l.measured.failed} (${l.measured.firstError})` : 0} |`,
    );
  return out.join('\n');
}

/** Per scenario: mean requests/s and CPU per request in each mode, and what on costs against off. */
function summary(lines: Line[], scenarios: Scenario[]): string {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const out = [
    '| scenario | requests/s on (mean) | off (mean) | on vs off | CPU µs/req on: process + Postgres | off | CPU on vs off |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const s of scenarios) {
    const of = (mode: Mode) => lines.filter((l) => l.scenario === s.id && l.mode === mode);
    const rps = (mode: Mode) => mean(of(mode).map((l) => l.measured.rps));
    const cpu = (mode: Mode) => mean(of(mode).map((l) => l.cpu.processUs + l.cpu.postgresUs));
    const pct = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)}%`;
    out.push(
      `| ${s.label} | ${Math.round(rps('on'))} | ${Math.round(rps('off'))} | ${pct(rps('on'), rps('off'))} | ` +
        `${Math.round(cpu('on'))} | ${Math.round(cpu('off'))} | ${pct(cpu('on'), cpu('off'))} |`,
    );
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      schema: { type: 'string' },
      prefix: { type: 'string' },
      rounds: { type: 'string', default: '2' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '32' },
      'search-connections': { type: 'string', default: '8' },
      people: { type: 'string', default: '500' },
      city: { type: 'string', default: 'san francisco' },
      only: { type: 'string' },
      prefill: { type: 'string', default: '0' },
    },
  });
  if (!values.dir || !values.schema) throw new Error('--dir and --schema are required');
  const seconds = Number(values.duration);
  const warmup = Number(values.warmup);
  const rounds = Number(values.rounds);
  const only = values.only?.split(',');
  const config = benchConfig({
    schema: values.schema,
    prefix: values.prefix,
    name: 'bench_access',
    // Two gateways in one process: neither serves /metrics.
    extra: { METRICS_PORT: '0' },
  });
  const bodies = await enrichBodies(path.join(values.dir, 'people.jsonl'), Number(values.people));
  const query = `SELECT * FROM people WHERE city = '${values.city!.replace(/'/g, "''")}'`;
  const enrich = Number(values.connections);
  const search = Number(values['search-connections']);
  const scenarios: Scenario[] = [
    {
      id: 'email',
      label: 'enrich: email',
      route: '/person/enrich',
      bodies: bodies.email,
      connections: enrich,
    },
    {
      id: 'name',
      label: 'enrich: full_name + city + company',
      route: '/person/enrich',
      bodies: bodies.name,
      connections: enrich,
    },
    {
      id: 'search',
      label: 'search: 10 a page',
      route: '/person/search',
      bodies: [{ query }],
      connections: search,
    },
    {
      id: 'search100',
      label: 'search: 100 a page',
      route: '/person/search',
      bodies: [{ query, limit: 100 }],
      connections: search,
    },
  ].filter((s) => !only || only.includes(s.id));

  const log = (text: string) => process.stderr.write(`${text}\n`);
  const cleanups: Array<() => Promise<unknown>> = [];
  const db = createDataSource(config.database, { applicationName: 'svc-bench-access-log' });
  await db.initialize();
  cleanups.unshift(() => db.destroy());
  try {
    const worker = await startWorkerFor(config);
    cleanups.unshift(() => worker.stop());
    const { key, teamId, remove } = await createBenchKey(db);
    cleanups.unshift(async () => {
      await db.query('DELETE FROM access_log WHERE team_id = $1', [teamId]);
      await remove();
    });
    const prefill = Number(values.prefill);
    for (let done = 0; done < prefill; done += PREFILL_BATCH) {
      await db.query(
        `INSERT INTO access_log (svc_id, entity, team_id, api_key_id, endpoint, request_id)
         SELECT gen_random_uuid(), 'person', $1, NULL, 'person_search', 'prefill' FROM generate_series(1, $2)`,
        [teamId, Math.min(PREFILL_BATCH, prefill - done)],
      );
      log(`prefill: ${Math.min(prefill, done + PREFILL_BATCH)} access rows`);
    }
    const gateways = {} as Record<Mode, { app: NestFastifyApplication; url: string }>;
    for (const mode of ['on', 'off'] as const) {
      gateways[mode] = await bootGateway(config, mode);
      cleanups.unshift(() => gateways[mode].app.close());
    }
    log(
      `schema ${values.schema}, ${rounds} rounds × ${seconds} s per scenario and mode after ${warmup} s of warm-up each; ` +
        `enrich ${enrich} connections (${bodies.email.length} emails, ${bodies.name.length} names cycled), ` +
        `search ${search} connections (${query}); load average at start ${loadAverage()}`,
    );
    for (const s of scenarios)
      for (const mode of ['on', 'off'] as const) {
        log(`warm-up: ${s.id} ${mode}`);
        await cannon(`${gateways[mode].url}${s.route}`, key, s.bodies, warmup, s.connections);
        await settle();
      }
    const lines: Line[] = [];
    for (let round = 1; round <= rounds; round += 1)
      for (const s of scenarios) {
        const order: Mode[] = round % 2 === 1 ? ['on', 'off'] : ['off', 'on'];
        for (const mode of order) {
          const g = gateways[mode];
          const load = loadAverage();
          const rowsBefore = await accessRows(db, teamId);
          const before = sampleCpu(g.app.get(DataSource));
          const measured = await cannon(`${g.url}${s.route}`, key, s.bodies, seconds, s.connections);
          const cpu = cpuPerRequest(before, sampleCpu(g.app.get(DataSource)), measured.ok + measured.failed);
          // Requests autocannon left in flight still finish (and charge): let them, so their rows
          // and CPU are not counted against the next measurement.
          await settle();
          const rows = (await accessRows(db, teamId)) - rowsBefore;
          lines.push({ round, scenario: s.id, mode, load, measured, cpu, rows });
          log(`round ${round} ${s.id} ${mode}: ${measured.rps} req/s, p99 ${measured.p99} ms, load ${load}`);
        }
      }
    process.stdout.write(
      `${table(lines)}\n\n${summary(lines, scenarios)}\n\nload average at end ${loadAverage()}\n`,
    );
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e: Error) => log(`cleanup: ${e.message}`));
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
