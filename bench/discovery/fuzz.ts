/**
 * Discovery robustness through the endpoint (see RESULTS.md): N random and mutated descriptions
 * (default 10,000) sent to POST /person/discover and /company/discover in turn, through the real
 * gateway → NATS → search worker → OpenSearch on a generated build. Counts status codes; fails
 * (exit 1) on any 5xx, any request slower than --bound-ms, or any request that never answers.
 *
 *   npm run build:bench
 *   node dist/bench/discovery/fuzz.js [--count 10000] [--seed 1] [--concurrency 2] [--bound-ms 5000]
 *     [--people 20000] [--companies 2000] [--build-seed 7] [--keep | --schema bench_disc_xxx] [--json FILE]
 *
 * fuzz-cases.ts draws the cases, fuzz-report.ts counts the answers; this file sends them.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Rng, seedWords } from '@app/random';
import { makeCase } from './fuzz-cases';
import { fuzzReport, HANG, Outcome } from './fuzz-report';
import { Reply, startDiscoveryStack } from './stack';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '2' },
      'bound-ms': { type: 'string', default: '5000' },
      'hang-ms': { type: 'string', default: '30000' },
      people: { type: 'string', default: '20000' },
      companies: { type: 'string', default: '2000' },
      'build-seed': { type: 'string', default: '7' },
      schema: { type: 'string' },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const count = Number(values.count);
  const boundMs = Number(values['bound-ms']);
  const hangMs = Number(values['hang-ms']);
  const rng = new Rng(seedWords(Number(values.seed)), 0xd15c, 0);
  const cases = Array.from({ length: count }, () => makeCase(rng));

  const loadStart = loadavg();
  const started = performance.now();
  const stack = await startDiscoveryStack({
    people: Number(values.people),
    companies: Number(values.companies),
    seed: Number(values['build-seed']),
    schema: values.schema,
    keep: values.keep ?? false,
    log,
  });
  const outcomes: Outcome[] = [];
  let sanity: Reply | undefined;
  const fuzzStarted = performance.now();
  try {
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const n = next++;
        const c = cases[n];
        const entity = n % 2 === 0 ? 'person' : 'company';
        const t = performance.now();
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), hangMs)));
        const res = await Promise.race([stack.post(`/${entity}/discover`, c.payload), hang]);
        clearTimeout(timer);
        const ms = performance.now() - t;
        const query =
          typeof c.payload === 'object' && c.payload !== null && 'query' in c.payload
            ? JSON.stringify((c.payload as { query: unknown }).query)
            : JSON.stringify(c.payload);
        if (res === 'hang') {
          outcomes.push({ n, entity, category: c.category, status: HANG, ms, query });
          continue;
        }
        const body = res.body as { error?: string; message?: string } | string;
        outcomes.push({
          n,
          entity,
          category: c.category,
          status: res.status,
          ms,
          query,
          error:
            res.status >= 500
              ? (typeof body === 'string' ? body : `${body.error}: ${body.message}`).slice(0, 500)
              : undefined,
        });
        if (outcomes.length % 1000 === 0) log(`  ${outcomes.length}/${count}`);
      }
    };
    await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
    // After all of it, the service still answers a plain description.
    sanity = await stack.post('/person/discover', { query: 'software engineers in fresno', limit: 5 });
  } finally {
    await stack.close();
  }
  const fuzzSeconds = (performance.now() - fuzzStarted) / 1000;

  const { summary, lines } = fuzzReport(
    outcomes,
    {
      args: {
        count,
        seed: values.seed,
        concurrency: values.concurrency,
        boundMs,
        hangMs,
        schema: stack.schema,
      },
      loadStart,
      started,
      fuzzSeconds,
      loadSeconds: stack.loadSeconds,
    },
    sanity,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
  if (!summary.passed) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
