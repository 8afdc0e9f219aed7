/**
 * Bulk-enrichment job throughput against the synchronous bulk endpoint, on one in-process
 * gateway (whose runner runs the jobs) over a kept bench schema, in one run:
 *
 *   sync  POST /person/enrich/bulk, 100 items a request, --sync-connections requests at once,
 *         until 10,000 items are answered ("driven at full speed")
 *   job   POST /person/enrich/jobs with the same number of items, then GET /jobs/{id} every
 *         100 ms until it completes: items / (completed - created)
 *
 * For each mix (email; full_name + city + company), two rounds on disjoint item sets so
 * neither side runs on the other's warm caches: round 1 sync then job, round 2 job then sync.
 * After round 1 the job's results are compared, item for item, with synchronous answers for
 * the same items, and its charge with its matches.
 *
 *   npm run build:bench && node dist/bench/jobs/run.js --dir /var/tmp/jobs1m/gen --schema bench_x \
 *     [--items 10000] [--sync-connections 8] [--runner-concurrency N] [--only email,name]
 */
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { PersonRecord } from '@app/contracts';
import { createDataSource } from '@app/store';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { benchConfig } from '../shared/bench-config';
import { createBenchKey } from '../shared/bench-key';

type Item = Record<string, unknown>;
type Mix = 'email' | 'name';

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 4 disjoint sets of `n` items per mix, in file order: people with an email; with a name, a city and an employer. */
async function itemSets(file: string, n: number): Promise<Record<Mix, Item[][]>> {
  const email: Item[] = [];
  const name: Item[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const p = JSON.parse(line) as PersonRecord;
    if (email.length < 4 * n && p.emails[0])
      email.push({ email: p.emails[0].address, metadata: { row: email.length } });
    if (name.length < 4 * n && p.full_name && p.city && p.company_name)
      name.push({
        full_name: p.full_name,
        city: p.city,
        company: p.company_name,
        metadata: { row: name.length },
      });
    if (email.length >= 4 * n && name.length >= 4 * n) break;
  }
  lines.close();
  const sets = (all: Item[]) => [0, 1, 2, 3].map((i) => all.slice(i * n, (i + 1) * n));
  return { email: sets(email), name: sets(name) };
}

class Client {
  constructor(
    private readonly base: string,
    private readonly key: string,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { 'api-key': this.key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  }

  /** All items through the bulk endpoint, `connections` requests of 100 in flight; answers in order. */
  async sync(items: Item[], connections: number): Promise<{ seconds: number; results: unknown[] }> {
    const results: unknown[] = new Array(items.length);
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < items.length) {
        const from = next;
        next += 100;
        const res = await this.request('POST', '/person/enrich/bulk', {
          requests: items.slice(from, from + 100),
        });
        const body = (await res.json()) as { results: unknown[] };
        body.results.forEach((r, i) => (results[from + i] = r));
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    return { seconds: (performance.now() - started) / 1000, results };
  }

  async job(items: Item[]): Promise<{ seconds: number; accepted: number; id: string; credits: number }> {
    const started = performance.now();
    const created = (await (
      await this.request('POST', '/person/enrich/jobs', { requests: items })
    ).json()) as {
      id: string;
    };
    const accepted = (performance.now() - started) / 1000;
    for (;;) {
      const job = (await (await this.request('GET', `/jobs/${created.id}`)).json()) as {
        status: string;
        credits_charged: number;
      };
      if (job.status === 'completed')
        return {
          seconds: (performance.now() - started) / 1000,
          accepted,
          id: created.id,
          credits: job.credits_charged,
        };
      if (job.status !== 'queued' && job.status !== 'running')
        throw new Error(`job ${created.id}: ${job.status}`);
      await sleep(100);
    }
  }

  async results(id: string): Promise<Array<Record<string, unknown>>> {
    const res = await this.request('GET', `/jobs/${id}/results`);
    return gunzipSync(Buffer.from(await res.arrayBuffer()))
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

interface Row {
  mix: Mix;
  round: number;
  order: string;
  load: string;
  sync: number;
  job: number;
  /** Seconds the creation request took (upload checked and stored), within the job's time. */
  accepted: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      schema: { type: 'string' },
      prefix: { type: 'string' },
      items: { type: 'string', default: '10000' },
      'sync-connections': { type: 'string', default: '8' },
      // Chunks the runner works on at once; by default as many as the sync side's requests in flight.
      'runner-concurrency': { type: 'string' },
      only: { type: 'string' },
    },
  });
  if (!values.dir || !values.schema) throw new Error('--dir and --schema are required');
  const n = Number(values.items);
  const connections = Number(values['sync-connections']);
  const mixes = (values.only?.split(',') ?? ['email', 'name']) as Mix[];
  const config = benchConfig({
    schema: values.schema,
    prefix: values.prefix,
    name: 'bench_jobs',
    extra: {
      METRICS_PORT: '0',
      JOB_RUNNER: 'on',
      RATE_LIMIT_BULK_PER_MINUTE: '1000000',
      RATE_LIMIT_JOBS_PER_MINUTE: '1000',
      JOB_RUNNER_CONCURRENCY: values['runner-concurrency'] ?? String(connections),
    },
  });
  const sets = await itemSets(path.join(values.dir, 'people.jsonl'), n);
  const db = createDataSource(config.database, { applicationName: 'svc-bench-jobs' });
  await db.initialize();
  const bench = await createBenchKey(db);
  const app = await createGateway(config);
  await app.listen(0, '127.0.0.1');
  const client = new Client(await app.getUrl(), bench.key);
  const rows: Row[] = [];
  const checks: string[] = [];
  try {
    for (const mix of mixes) {
      const [a, b, c, d] = sets[mix];
      const row = (
        round: number,
        order: string,
        load: string,
        sync: number,
        job: { seconds: number; accepted: number },
      ) =>
        rows.push({ mix, round, order, load, sync: n / sync, job: n / job.seconds, accepted: job.accepted });
      // Round 1: sync first, then the job on other items; then the job's answers checked.
      let load = loadAverage();
      const sync1 = await client.sync(a, connections);
      const job1 = await client.job(b);
      row(1, 'sync, job', load, sync1.seconds, job1);
      checks.push(await compare(client, mix, b, job1, connections));
      // Round 2: the job first.
      load = loadAverage();
      const job2 = await client.job(c);
      const sync2 = await client.sync(d, connections);
      row(2, 'job, sync', load, sync2.seconds, job2);
    }
  } finally {
    await app.close();
    await bench.remove();
    await db.destroy();
  }
  process.stdout.write(
    [
      `items per job: ${n}; sync: ${connections} bulk requests of 100 in flight; runner: JOB_RUNNER_CONCURRENCY=${config.jobs.runnerConcurrency}`,
      '',
      '| mix | round | order | load avg (1/5/15) | sync items/s | job items/s | job / sync | job accepted in |',
      '| --- | ----: | ----- | ----------------- | -----------: | ----------: | ---------: | --------------: |',
      ...rows.map(
        (r) =>
          `| ${r.mix} | ${r.round} | ${r.order} | ${r.load} | ${r.sync.toFixed(0)} | ${r.job.toFixed(0)} | ${((100 * r.job) / r.sync).toFixed(1)} % | ${r.accepted.toFixed(2)} s |`,
      ),
      '',
      ...checks,
      '',
    ].join('\n'),
  );
}

/** The job's answers against the synchronous ones for the same items (untimed), and its charge. */
async function compare(
  client: Client,
  mix: Mix,
  items: Item[],
  job: { id: string; credits: number },
  connections: number,
): Promise<string> {
  const lines = await client.results(job.id);
  const { results } = await client.sync(items, connections);
  let equal = 0;
  let matches = 0;
  lines.forEach(({ index, ...rest }, i) => {
    if (index === i && JSON.stringify(rest) === JSON.stringify(results[i])) equal++;
    matches += (rest.matches as unknown[] | undefined)?.length ?? 0;
  });
  return `${mix}: job answers equal to synchronous ones for ${equal} of ${items.length} items; charged ${job.credits} credits for ${matches} matches`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
