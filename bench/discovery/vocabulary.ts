/**
 * Discovery's vocabulary on a large build (see RESULTS.md, "Vocabulary at 1M people"): reads
 * every distinct stored value the way the search worker does (vocabulary-reader.ts), with its
 * time and memory; then checks that descriptions naming long-tail values — employers, current
 * titles and cities held by at most 3 people, sampled with OpenSearch `rare_terms`
 * aggregations over the records — become a filter on that value; then times interpret + toSql
 * with that vocabulary.
 *
 *   npm run build:bench
 *   node --expose-gc dist/bench/discovery/vocabulary.js --schema <schema> [--prefix <index prefix>]
 *     [--samples 300] [--iterations 20] [--seed 1] [--json FILE]
 *
 * The schema is a loaded build (bench/discovery/run.ts --keep, or bench/loader --keep); the index
 * prefix defaults to `<schema>_`. Nothing is written to it.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '@app/config';
import { CompiledVocabulary, interpret, toSql } from '@app/discovery';
import { aliasName, createOpenSearchClient } from '@app/search-index';
import { compileQuery, parseQuery } from '@app/sql';
import { plural } from '../../libs/discovery/src/lexicon';
import { readVocabulary } from '../../apps/search/src/discovery/vocabulary-reader';
import { quantile } from '../shared/latency';

const { values: args } = parseArgs({
  options: {
    schema: { type: 'string' },
    prefix: { type: 'string' },
    samples: { type: 'string', default: '300' },
    iterations: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    json: { type: 'string' },
  },
});
if (!args.schema) throw new Error('--schema is required');
const TODAY = new Date().toISOString().slice(0, 10);
const log = (s: string) => process.stderr.write(`${s}\n`);

const onEmployer = (sql: string, v: string) =>
  sql.includes(`company_name = ${lit(v)}`) || inList(sql, 'company_name', v);
const onCity = (sql: string, v: string) => sql.includes(`city = ${lit(v)}`) || inList(sql, 'city', v);

/**
 * What a long-tail value is named in, and the SQL that says it was understood as that value.
 * `alone`: the description names nothing else, so its answer must hold every person storing
 * the value (checked against the records).
 */
const PROBES = [
  {
    kind: 'employer',
    field: 'company_name',
    describe: (v: string) => `engineers at ${v}`,
    understood: onEmployer,
  },
  {
    kind: 'employer alone',
    field: 'company_name',
    describe: (v: string) => `people who work at ${v}`,
    understood: onEmployer,
    alone: true,
  },
  { kind: 'city', field: 'city', describe: (v: string) => `software engineers in ${v}`, understood: onCity },
  {
    kind: 'city alone',
    field: 'city',
    describe: (v: string) => `people in ${v}`,
    understood: onCity,
    alone: true,
  },
  {
    kind: 'title alone',
    field: 'job_title',
    describe: (v: string) => pluralTitle(v),
    understood: (sql: string, v: string) => sql.includes(`job_title ILIKE ${lit(`%${v}%`)}`),
    alone: true,
  },
] as const;

/** How a title is said of several people: "directors of research", "vps, legal", "data analysts". */
function pluralTitle(title: string): string {
  const head = /^(.*?)( of |, )(.*)$/.exec(title);
  const [first, rest] = head ? [head[1], head[2] + head[3]] : [title, ''];
  const words = first.split(' ');
  return [...words.slice(0, -1), plural(words[words.length - 1])].join(' ') + rest;
}

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;
const inList = (sql: string, column: string, v: string) =>
  new RegExp(`${column} IN \\([^)]*${lit(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(sql);

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) throw new Error('run with node --expose-gc');
  g();
  g();
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A seeded shuffle (mulberry32), so a run's sample can be drawn again. */
function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATABASE_SCHEMA: args.schema,
    OPENSEARCH_INDEX_PREFIX: args.prefix ?? `${args.schema}_`,
  });
  const os = createOpenSearchClient(config.opensearch, 300_000);
  const loadStart = loadavg();
  try {
    const alias = aliasName(config.opensearch, 'person', 'live');
    const aliasRes = await os.indices.getAlias({ name: alias });
    const [index] = Object.keys(aliasRes.body as Record<string, unknown>);
    const count = (await os.count({ index, body: { query: { match_all: {} } } })).body as { count: number };
    log(`index ${index}: ${count.count} documents (people and their nested entries)`);

    gc();
    const before = process.memoryUsage();
    const read = await readVocabulary(os, 'person', index);
    gc();
    const after = process.memoryUsage();
    const vocabulary: CompiledVocabulary = read.vocabulary;
    const memory = {
      heap_before_mb: mb(before.heapUsed),
      heap_after_mb: mb(after.heapUsed),
      heap_added_mb: mb(after.heapUsed - before.heapUsed),
      rss_after_mb: mb(after.rss),
      external_after_mb: mb(after.external),
    };
    const build = {
      seconds: Math.round(read.ms) / 1000,
      compile_seconds: Math.round(read.compileMs) / 1000,
      pages: read.pages,
      distinct_values: read.values,
      truncated: read.truncated,
    };
    log(`vocabulary: ${JSON.stringify(build)} ${JSON.stringify(memory)}`);

    // Long-tail values, from the records: held by at most 3 people.
    const samples = Number(args.samples);
    const seed = Number(args.seed);
    const rare = new Map<string, { values: { value: string; holders: number }[]; total: number }>();
    for (const field of new Set(PROBES.map((p) => p.field))) {
      const values = [];
      // By first letter: one rare_terms answer over a 1M build could pass search.max_buckets.
      for (const include of ['[a-d].*', '[e-k].*', '[l-r].*', '[s-z].*', '[^a-z].*']) {
        const res = await os.search({
          index,
          body: { size: 0, aggs: { r: { rare_terms: { field, max_doc_count: 3, include } } } } as never,
        });
        const buckets = (res.body.aggregations as { r: { buckets: { key: string; doc_count: number }[] } }).r
          .buckets;
        values.push(...buckets.map((b) => ({ value: String(b.key), holders: b.doc_count })));
      }
      const total = values.length;
      // A build whose values are all held by more people (a generator's closed list of cities):
      // its least-held values stand in, with their holder counts reported.
      if (values.length < samples) {
        const res = await os.search({
          index,
          body: {
            size: 0,
            aggs: { r: { terms: { field, size: samples, order: { _count: 'asc' } } } },
          } as never,
        });
        const buckets = (res.body.aggregations as { r: { buckets: { key: string; doc_count: number }[] } }).r
          .buckets;
        for (const b of buckets)
          if (b.doc_count > 3 && values.length < samples)
            values.push({ value: String(b.key), holders: b.doc_count });
      }
      rare.set(field, { values: sample(values, samples, seed), total });
      log(`${field}: ${total} values held by at most 3 people`);
    }

    const results = [];
    const misses: {
      kind: string;
      value: string;
      description: string;
      sql: string | null;
      holders: string | null;
      read: unknown;
    }[] = [];
    const descriptions: string[] = [];
    for (const probe of PROBES) {
      const { values, total } = rare.get(probe.field)!;
      let hits = 0;
      let found = 0;
      for (const { value, holders } of values) {
        const description = probe.describe(value);
        descriptions.push(description);
        const r = interpret(description, 'person', { vocabulary, today: TODAY });
        let sql: string | null = null;
        try {
          sql = r.filters.length > 0 ? toSql(r.filters, 'person') : null;
        } catch {
          sql = null;
        }
        const exact = sql !== null && probe.understood(sql, value);
        // Whether the answer holds every person storing the value, asked of the records themselves.
        const alone = 'alone' in probe && probe.alone;
        const holdersFound =
          sql === null || !alone ? null : await countHolders(os, index, sql, probe.field, value);
        if (exact) hits++;
        if (holdersFound === holders) found++;
        if (!exact)
          misses.push({
            kind: probe.kind,
            value,
            description,
            sql: sql?.replace(/^.* WHERE /, '') ?? null,
            holders: holdersFound === null ? null : `${holdersFound} of ${holders}`,
            read: {
              recognised: r.recognised.map((x) => x.phrase),
              ignored: r.ignored,
              unsupported: r.unsupported,
            },
          });
      }
      const pct = (n: number) => (values.length === 0 ? null : Math.round((n / values.length) * 1000) / 10);
      results.push({
        kind: probe.kind,
        rare_values_in_build: total,
        sampled: values.length,
        most_holders_sampled: Math.max(0, ...values.map((v) => v.holders)),
        filter_on_value: hits,
        filter_on_value_pct: pct(hits),
        ...('alone' in probe ? { finds_every_holder: found, finds_every_holder_pct: pct(found) } : {}),
      });
    }

    // Parse time with the 1M vocabulary: every description, `iterations` times.
    gc();
    const times: number[] = [];
    const cpu: number[] = [];
    const byDescription = new Map<string, number[]>();
    for (let it = 0; it < Number(args.iterations); it++)
      for (const d of descriptions) {
        const c = process.cpuUsage();
        const t = performance.now();
        const r = interpret(d, 'person', { vocabulary, today: TODAY });
        if (r.filters.length > 0) toSql(r.filters, 'person');
        const ms = performance.now() - t;
        const used = process.cpuUsage(c);
        times.push(ms);
        // CPU time leaves out the time the process waited for a core on this shared machine.
        cpu.push((used.user + used.system) / 1000);
        byDescription.set(d, [...(byDescription.get(d) ?? []), ms]);
      }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    // The slowest descriptions by their median: a cost of the description, not a pause of the machine.
    const slowest = [...byDescription]
      .map(
        ([d, ms]) =>
          [
            d,
            round(
              quantile(
                [...ms].sort((a, b) => a - b),
                0.5,
              ),
            ),
          ] as const,
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5);
    const parse = {
      calls: times.length,
      p50_ms: round(quantile(times, 0.5)),
      p99_ms: round(quantile(times, 0.99)),
      max_ms: round(times[times.length - 1]),
      cpu_p50_ms: round(quantile(cpu, 0.5)),
      cpu_p99_ms: round(quantile(cpu, 0.99)),
      slowest_medians_ms: Object.fromEntries(slowest),
    };

    const machine = {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model,
      node: process.version,
      load_average_start: loadStart.map(round),
      load_average_end: loadavg().map(round),
      today: TODAY,
    };
    const report = {
      index,
      documents: count.count,
      build,
      memory,
      recognition: results,
      parse,
      misses,
      machine,
    };
    console.log(JSON.stringify({ ...report, misses: misses.slice(0, 50) }, null, 2));
    if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
  } finally {
    await os.close();
  }
}

/** People the generated query finds among those storing `value` in `field`. */
async function countHolders(
  os: ReturnType<typeof createOpenSearchClient>,
  index: string,
  sql: string,
  field: string,
  value: string,
): Promise<number> {
  const query = compileQuery(parseQuery(sql, 'person').where, 'person');
  const res = await os.count({
    index,
    body: { query: { bool: { filter: [query, { term: { [field]: value } }] } } } as never,
  });
  return (res.body as { count: number }).count;
}

const round = (x: number) => Math.round(x * 100) / 100;

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
