/**
 * GET /autocomplete latency through the gateway (HTTP → NATS → search worker → OpenSearch) on a
 * kept build (see RESULTS.md): how long the build's values index takes to make on the first
 * request, then p50/p99 of a typing mix over every field (empty text, 1-4 letters of the words
 * of stored values, misses, a long text), at 1 and at `--connections` callers.
 *
 *   npm run build && npm run build:bench
 *   node dist/bench/loader/run.js --dir /var/tmp/gen-1m --keep          # prints schema and index_prefix
 *   node dist/bench/autocomplete/run.js --schema bench_xxx [--prefix bench_xxx_] [--duration 10] [--connections 8] [--json]
 *
 * Creates a throwaway team and key in the schema and deletes them at the end. The values index
 * it makes (`<prefix>autocomplete_live_<build>_<hash>`) stays, next to the build's indices, so a
 * second run measures at once; the build's own data is only read.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { AUTOCOMPLETE_FIELDS, AutocompleteField, Entity } from '@app/contracts';
import { autocompleteQuery, createOpenSearchClient } from '@app/search-index';
import { createDataSource } from '@app/store';
import { CannonRequest, cannonRequests } from '../shared/autocannon';
import { benchConfig } from '../shared/bench-config';
import { closedLoop, type Measured } from '../shared/latency';
import { startSearchPath } from '../search/worker';

type Suggestions = { suggestions: { value: string; count: number }[] };

const pathOf = (q: Record<string, string | number>) =>
  `/autocomplete?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      schema: { type: 'string' },
      prefix: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '8' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.schema) throw new Error('--schema SCHEMA (from bench/loader/run.js --keep) is required');
  const seconds = Number(values.duration);
  const config = benchConfig({
    schema: values.schema,
    prefix: values.prefix,
    name: 'bench_autocomplete',
    extra: { RATE_LIMIT_AUTOCOMPLETE_PER_MINUTE: '1000000' },
  });
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const db = createDataSource(config.database, { applicationName: 'svc-bench-autocomplete' });
  await db.initialize();
  const os = createOpenSearchClient(config.opensearch);
  const cleanups: Array<() => Promise<unknown>> = [() => db.destroy(), () => os.close()];
  try {
    const [build] = (await db.query(
      `SELECT id, person_count, company_count FROM builds WHERE is_active AND NOT is_sandbox`,
    )) as Array<{ id: string; person_count: number; company_count: number }>;
    if (!build) throw new Error(`no active live build in schema ${values.schema}`);
    const { key, gateway } = await startSearchPath(config, db, cleanups);
    await gateway.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    const get = async (q: Record<string, string | number>) => {
      const res = await fetch(`${base}${pathOf(q)}`, { headers: { 'api-key': key } });
      return { status: res.status, body: (await res.json()) as Suggestions };
    };

    // The first request makes the build's values index (or finds it made by an earlier run).
    const started = Date.now();
    let first = await get({ field: 'title' });
    while (first.status === 503) {
      await new Promise((r) => setTimeout(r, 1000));
      first = await get({ field: 'title' });
    }
    if (first.status !== 200)
      throw new Error(`autocomplete answered ${first.status}: ${JSON.stringify(first.body)}`);
    const prepareMs = Date.now() - started;
    log(`values index ready after ${prepareMs} ms`);
    const index = (
      await os.cat.indices({ index: `${config.opensearch.indexPrefix}autocomplete_live_*`, format: 'json' })
    ).body as Array<{ index: string; 'docs.count': string; 'store.size': string }>;

    // What people type: nothing, then 1-4 letters of a word of a frequent value; and misses.
    const requests: CannonRequest[] = [];
    const fields: Array<[Entity, string]> = (['person', 'company'] as const).flatMap((e) =>
      AUTOCOMPLETE_FIELDS[e].map((f) => [e, f] as [Entity, string]),
    );
    for (const [entity, field] of fields) {
      const top = (await get({ entity, field, size: 20 })).body.suggestions;
      requests.push({ method: 'GET', path: pathOf({ entity, field }) });
      for (const { value } of top)
        for (const word of value.split(' ').slice(0, 2))
          for (let n = 1; n <= Math.min(4, word.length); n++)
            requests.push({ method: 'GET', path: pathOf({ entity, field, text: word.slice(0, n) }) });
      requests.push({ method: 'GET', path: pathOf({ entity, field, text: 'zqxj' }) });
      requests.push({
        method: 'GET',
        path: pathOf({ entity, field, text: `${top[0]?.value ?? 'x'} and more words` }),
      });
    }
    // Interleave fields, so consecutive requests are unlike.
    requests.sort((a, b) => hash(a.path!) - hash(b.path!));

    // The worker's own lookup straight to OpenSearch (no HTTP, gateway, NATS): what the rest costs.
    const lookups = requests.map((r) => {
      const q = new URLSearchParams(r.path!.split('?')[1]);
      const body = autocompleteQuery(
        q.get('entity') as Entity,
        q.get('field') as AutocompleteField,
        q.get('text') ?? '',
        10,
      );
      return body && { index: index[0].index, body };
    });
    let next = 0;
    const direct = () => {
      const lookup = lookups[next++ % lookups.length];
      return lookup ? os.search(lookup as never) : Promise.resolve();
    };

    const runs: Record<string, Measured> = {};
    await closedLoop(Number(values.warmup), 1, direct);
    runs.opensearch_direct_1 = await closedLoop(seconds, 1, direct);
    for (const c of [1, Number(values.connections)]) {
      log(
        `warm-up ${values.warmup} s, then ${seconds} s at ${c} connection(s), ${requests.length} distinct requests`,
      );
      await cannonRequests(base + '/autocomplete', key, requests, Number(values.warmup), c);
      runs[`connections_${c}`] = await cannonRequests(base + '/autocomplete', key, requests, seconds, c);
    }
    const report = {
      schema: values.schema,
      build: build.id,
      people: build.person_count,
      companies: build.company_count,
      values_index: index.map((i) => ({
        index: i.index,
        docs: Number(i['docs.count']),
        size: i['store.size'],
      })),
      values_ready_ms: prepareMs,
      distinct_requests: requests.length,
      seconds,
      runs,
      machine: { cpus: cpus().length, loadavg_1m: Math.round(loadavg()[0] * 100) / 100 },
    };
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : format(report));
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e: Error) => log(`cleanup: ${e.message}`));
  }
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function format(r: { runs: Record<string, Measured> } & Record<string, unknown>): string {
  const lines = [
    `build ${String(r.build)}: ${String(r.people)} people, ${String(r.companies)} companies`,
    `values index: ${JSON.stringify(r.values_index)}; ready after ${String(r.values_ready_ms)} ms`,
    `${String(r.distinct_requests)} distinct requests, ${String(r.seconds)} s per run; machine ${JSON.stringify(r.machine)}`,
    '| path, connections | req/s | p50 ms | p99 ms | failed |',
    '|---|---|---|---|---|',
    ...Object.entries(r.runs).map(
      ([name, m]) =>
        `| ${name.replace('connections_', 'gateway, ').replace('opensearch_direct_', 'OpenSearch direct, ')} | ${m.rps} | ${m.p50} | ${m.p99} | ${m.failed}${m.firstError ? ` (${m.firstError})` : ''} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
