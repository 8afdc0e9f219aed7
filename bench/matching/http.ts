/**
 * End-to-end throughput of POST /person/enrich: the real gateway (guards, validation, matching,
 * billing, serialization) over a loaded benchmark build, driven by autocannon in a child
 * process so the load generator does not share the gateway's event loop. A bare Fastify route
 * (one POST returning a small JSON) is measured in the same run with the same settings: on a
 * shared, noisy box it is the yardstick the enrich figures are read against.
 *
 *   npm run build:bench
 *   node --max-semi-space-size=64 dist/bench/matching/http.js --dir /tmp/gen100k --schema bench_xxx
 *     [--duration 15] [--connections 32] [--people 500] [--warmup 0] [--only bare,email,name,first] [--cpu-prof DIR]
 *     [--alloc-prof DIR] [--pauses] [--rate email=3000,name=1200,...]
 *
 * `--people N`: each scenario cycles the first N people of the build whose records carry the fields
 * it sends (records are sparse: an email, a city and a company, both name parts and a birth date).
 * `--warmup S` first runs each scenario S seconds unmeasured, so the per-build caches (term
 * frequencies, candidate slices) hold what the cycled people need: steady state rather than a
 * gateway's first minute.
 * `--cpu-prof DIR` writes a V8 CPU profile of this process (gateway and bare route; autocannon
 * runs elsewhere) per scenario, covering the load only, not the boot.
 * `--alloc-prof DIR` writes a sampled allocation profile per scenario (.heapprofile), counting
 * what scavenges free too. `--pauses` prints this process's garbage-collection pauses and
 * event-loop delay per scenario (meaningful with the gateway in this process).
 * The gateway runs in this process unless `--gateways`, so give node the flag the deployed gateway
 * runs with (`--max-semi-space-size=64`, docs/decisions.md).
 * `--gateways N` runs the gateway as deployed with GATEWAY_WORKERS=N (`dist/apps/gateway/src/main.js`,
 * a primary and N worker processes on one port; needs REDIS_URL) instead of in this process; its
 * CPU column is then the sum over those processes.
 * `--rate id=R,...` offers each listed scenario R requests per second (after its `--warmup`, run as
 * a closed loop) instead of a closed loop of `--connections` (which then caps the connections the
 * fixed-rate generator may open), with the bare route offered the same rate and bodies before
 * each; latency counts from when a request was due (http-rate.ts). An id may repeat with another
 * rate. Pauses are printed in the table.
 * Creates a throwaway enterprise team and key in the schema and deletes them at the end.
 */
import 'reflect-metadata';
import fastify from 'fastify';
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { benchConfig } from '../shared/bench-config';
import type { PersonRecord } from '@app/contracts';
import { createDataSource } from '@app/store';
import { freePort } from '@app/testing';
import { DataSource } from 'typeorm';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { cannon } from '../shared/autocannon';
import { createBenchKey } from '../shared/bench-key';
import type { Measured } from '../shared/latency';
import { cpuPerRequest, sampleCpu, sampleCpuOfProcesses } from './cpu-usage';
import { startGatewayProcesses } from './gateway-processes';
import { parseRates, runRates } from './http-rate';
import { pausesLine, watchPauses } from './pauses';

interface Scenario {
  /** What --only selects. */
  id: string;
  label: string;
  bodies: object[];
  /** The bare route ignores the key and the body; it still receives both, like the gateway. */
  bare?: true;
}

/**
 * Each scenario's body for a person, or null when the record lacks a field the scenario sends.
 * Records are sparse (a third of people have an email, 15% a birth date), so each scenario
 * cycles the first `--people` people of the build that carry its fields.
 */
const BODIES: Array<{ id: string; label: string; body: (p: PersonRecord) => object | null }> = [
  { id: 'email', label: 'email', body: (p) => (p.emails[0] ? { email: p.emails[0].address } : null) },
  {
    id: 'name',
    label: 'full_name + city + company',
    body: (p) =>
      p.city && p.company_name ? { full_name: p.full_name, city: p.city, company: p.company_name } : null,
  },
  {
    id: 'first',
    label: 'first + last name + birth year',
    body: (p) =>
      p.first_name && p.last_name && p.birth_date
        ? { first_name: p.first_name, last_name: p.last_name, birth_date: p.birth_date.slice(0, 4) }
        : null,
  },
];

async function scenarios(file: string, n: number, wanted: (id: string) => boolean): Promise<Scenario[]> {
  const chosen = BODIES.filter((b) => wanted(b.id) || (b.id === 'email' && wanted('bare')));
  const bodies = new Map<string, object[]>(chosen.map((b) => [b.id, []]));
  const full = () => chosen.every((b) => bodies.get(b.id)!.length >= n);
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const p = JSON.parse(line) as PersonRecord;
    for (const b of chosen) {
      const list = bodies.get(b.id)!;
      const body = list.length < n ? b.body(p) : null;
      if (body) list.push(body);
    }
    if (full()) break;
  }
  lines.close();
  const out: Scenario[] = [];
  if (wanted('bare'))
    out.push({
      id: 'bare',
      label: 'bare Fastify route (same bodies as email)',
      bodies: bodies.get('email')!,
      bare: true,
    });
  for (const b of BODIES) if (wanted(b.id)) out.push({ id: b.id, label: b.label, bodies: bodies.get(b.id)! });
  return out;
}

/** The yardstick: what this machine serves right now when a request does no work at all. */
async function bareFastify(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = fastify();
  server.post('/person/enrich', async () => ({ matches: [], total: 0 }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/person/enrich`, close: () => server.close() };
}

interface Profiler {
  /** File extension the profile is written with. */
  ext: string;
  start: (session: Session) => Promise<unknown>;
  stop: (session: Session) => Promise<object>;
}

/** CPU time by function: opened in Chrome DevTools or read with bench/shared/profile-summary. */
const CPU: Profiler = {
  ext: 'cpuprofile',
  start: async (s) => {
    await s.post('Profiler.enable');
    await s.post('Profiler.start');
  },
  stop: async (s) => (await s.post('Profiler.stop')).profile,
};

/**
 * Sampled allocations, including objects the next scavenge frees (what the young generation
 * churns through).
 */
const ALLOCATIONS: Profiler = {
  ext: 'heapprofile',
  start: async (s) => {
    await s.post('HeapProfiler.enable');
    await s.post('HeapProfiler.startSampling', {
      samplingInterval: 64 * 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  },
  stop: async (s) => (await s.post('HeapProfiler.stopSampling')).profile,
};

/** Profiles `run` alone into DIR/NAME.EXT; no directory, no profile. */
async function profiled<T>(
  profiler: Profiler,
  dir: string | undefined,
  name: string,
  run: () => Promise<T>,
): Promise<T> {
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await profiler.start(session);
  try {
    return await run();
  } finally {
    const profile = await profiler.stop(session);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.${profiler.ext}`), JSON.stringify(profile));
    session.disconnect();
  }
}

function row(
  s: Scenario,
  r: Measured,
  bare: Measured | undefined,
  cpu: { processUs: number; postgresUs: number },
): string {
  const share = bare && !s.bare ? `${((100 * r.rps) / bare.rps).toFixed(1)}%` : '';
  const failed = r.failed > 0 ? `${r.failed} (${r.firstError})` : '0';
  return `| ${s.label} | ${r.rps} | ${share} | ${r.p50} | ${r.p99} | ${cpu.processUs} | ${cpu.postgresUs} | ${failed} |\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      schema: { type: 'string' },
      duration: { type: 'string', default: '15' },
      connections: { type: 'string', default: '32' },
      people: { type: 'string', default: '500' },
      warmup: { type: 'string', default: '0' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      'alloc-prof': { type: 'string' },
      pauses: { type: 'boolean', default: false },
      gateways: { type: 'string' },
      rate: { type: 'string' },
    },
  });
  if (!values.dir || !values.schema) throw new Error('--dir and --schema are required (see run.ts)');
  const seconds = Number(values.duration);
  const connections = Number(values.connections);
  const rates = values.rate ? parseRates(values.rate) : null;
  const only = rates ? rates.map((r) => r.id) : values.only?.split(',');
  const config = benchConfig({ schema: values.schema, name: 'bench_matching', subjects: values.schema });
  const chosen = await scenarios(
    path.join(values.dir, 'people.jsonl'),
    Number(values.people),
    (id) => !only || only.includes(id),
  );
  const db = createDataSource(config.database, { applicationName: 'svc-bench-enrich-http' });
  await db.initialize();
  const { key, remove } = await createBenchKey(db);
  const workers = values.gateways ? Number(values.gateways) : 0;
  if (values.gateways && !(Number.isInteger(workers) && workers >= 1)) throw new Error('--gateways N: N ≥ 1');
  const bare = await bareFastify();
  const external = workers > 0 ? await startGatewayProcesses(workers, config, await freePort()) : null;
  const app = external ? null : await createGateway(config);
  try {
    await app?.listen(0, '127.0.0.1');
    const url = external
      ? external.url
      : `http://127.0.0.1:${(app!.getHttpServer().address() as AddressInfo).port}/person/enrich`;
    process.stdout.write(
      `${rates ? `fixed rates, at most ${connections} connections` : `${connections} connections`}, ` +
        `${seconds} s per scenario after ${values.warmup} s of warm-up, ` +
        `${chosen.map((c) => `${c.id} ${c.bodies.length}`).join(', ')} people cycled, ${external ? `gateway: ${workers} worker processes, ` : ''}` +
        `pool ${config.database.poolSize}, rate limits in ${config.redisUrl ? 'Redis' : 'memory'}\n\n`,
    );
    const sample = () =>
      external ? sampleCpuOfProcesses(external.pids(), db) : Promise.resolve(sampleCpu(app!.get(DataSource)));
    if (rates) {
      const options = {
        url,
        bareUrl: bare.url,
        key,
        seconds,
        warmup: Number(values.warmup),
        connections,
        sample,
        profiled: <T>(id: string, run: () => Promise<T>) =>
          profiled(CPU, values['cpu-prof'], id, () => profiled(ALLOCATIONS, values['alloc-prof'], id, run)),
      };
      await runRates(options, chosen, rates, (line) => process.stdout.write(line));
      return;
    }
    process.stdout.write(
      `| scenario | requests/s | of bare | p50 ms | p99 ms | CPU µs/req: process | Postgres | non-2xx |\n` +
        `| --- | --- | --- | --- | --- | --- | --- | --- |\n`,
    );
    let yardstick: Measured | undefined;
    const pauses: string[] = [];
    for (const s of chosen) {
      if (Number(values.warmup) > 0)
        await cannon(s.bare ? bare.url : url, key, s.bodies, Number(values.warmup), connections);
      const before = await sample();
      const watch = values.pauses ? watchPauses() : null;
      const r = await profiled(CPU, values['cpu-prof'], s.id, () =>
        profiled(ALLOCATIONS, values['alloc-prof'], s.id, () =>
          cannon(s.bare ? bare.url : url, key, s.bodies, seconds, connections),
        ),
      );
      if (watch) pauses.push(pausesLine(s.label, watch.stop()));
      const cpu = cpuPerRequest(before, await sample(), r.ok + r.failed);
      if (s.bare) yardstick = r;
      process.stdout.write(row(s, r, yardstick, cpu));
    }
    if (pauses.length > 0) process.stdout.write(`\nThis process's pauses:\n${pauses.join('')}`);
  } finally {
    await bare.close();
    await app?.close();
    await external?.stop();
    await remove();
    await db.destroy();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
