/**
 * Mapping choices against what they cost at load and what they buy in search (issue 29, item 2).
 * Over one generated folder, for each variant of the people mapping: a fresh index with that
 * mapping and the load's settings (loadingSettings), filled with the loader's own code
 * (readBatches, prepareDocs, indexBatch in its BatchPipeline with PIPELINE_LIMITS), finished as
 * the loader finishes it (finishBuildIndex: serving settings, refresh, force-merge); then
 *
 *   load     people/s over the streaming phase; CPU ms per person of this process and of the
 *            OpenSearch JVM over that phase, and of the JVM over the finishing; the index's size
 *            on disk (the size of its segments after the merge) and its Lucene documents (nested included)
 *   search   representative queries, each compiled by the search compiler (parseQuery,
 *            compileQuery) and sent as the worker sends it (pageRequest and countRequest, in
 *            parallel) straight to the index: p50 and p99 over --runs runs, each run after
 *            clearing the index's query cache and with the shard request cache off, so every run
 *            pays the query's whole cost (a repeated query would otherwise measure the caches)
 *   answers  every query's total and every hit (svc_id order, up to 10,000, and the page's
 *            _source) compared with the shipped mapping's: a variant that changes an answer is
 *            marked so
 *
 * Each round runs every variant once, one after another; rounds alternate the order (forward,
 * then reversed), so drift in the machine shows as the gap between a variant's two runs.
 *
 *   npm run build:bench
 *   node dist/bench/loader/mapping-variants.js --dir /var/tmp/gen20k [--variants a,b,c,d,e,f]
 *     [--rounds 2] [--runs 50] [--json]
 *   node dist/bench/loader/mapping-variants.js --index <a people index loaded as shipped> [--runs 20]
 *
 * --index times variant c's prose ILIKE on an existing, bigger index instead (keywordWalk).
 *
 * People only (companies.jsonl is not read). Indices are named mapvar_<run>_<variant>_<round>
 * and removed once measured. Prints a Markdown table; with --json, the figures as JSON on stdout
 * and the table on stderr.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Client } from '@opensearch-project/opensearch';
import { loadConfig } from '@app/config';
import { NESTED_VALUE, PersonRecord, RESULT_FIELD, WILDCARD_SUBFIELD } from '@app/contracts';
import { createOpenSearchClient, finishBuildIndex, loadingSettings, MAPPINGS } from '@app/search-index';
import { compileQuery, parseQuery } from '@app/sql';
import { countRequest, pageRequest } from '../../apps/search/src/search/opensearch-requests';
import { BatchPipeline } from '../../apps/cli/src/data-builds/loader/batch-pipeline';
import { FILE_NAMES } from '../../apps/cli/src/data-builds/loader/build-target';
import { PERSON } from '../../apps/cli/src/data-builds/loader/entity-specs';
import { findJsonl, openJsonl } from '../../apps/cli/src/data-builds/loader/jsonl';
import { indexBatch, PIPELINE_LIMITS, prepareDocs } from '../../apps/cli/src/data-builds/loader/load-entity';
import { LoadLog } from '../../apps/cli/src/data-builds/loader/load-log';
import { readBatches } from '../../apps/cli/src/data-builds/loader/read-records';
import { CpuSpan, msPer, openSearchPid, sampleCpu, span } from './lane-cpu';

type Mapping = { dynamic: string; properties: Record<string, unknown>; _source?: unknown };
type Query = Record<string, unknown>;

/** The long prose cross-table columns of a person (projection.ts): headline, summary, job descriptions. */
const PROSE = ['headline', 'summary', 'description'] as const;

/** What the worker reads of a hit (opensearch-requests.ts), and the id. */
const KEPT_SOURCE = [RESULT_FIELD, 'svc_id'];

/** Lucene refuses a term over 32,766 bytes: 8,191 characters of up to 4 UTF-8 bytes each. */
const LONGEST_TERM_CHARS = 8191;

interface Variant {
  name: string;
  what: string;
  mapping: () => Mapping;
  /** The query this variant needs for the same answers (the compiler as it would be changed). */
  rewrite?: (query: Query) => Query;
}

/**
 * A copy of the shipped mapping that shares no object: MAPPINGS reuses one object for every
 * nested column, and structuredClone keeps that sharing, so changing one column in place would
 * change them all.
 */
const shipped = (): Mapping => JSON.parse(JSON.stringify(MAPPINGS.person)) as Mapping;

/** The prose columns' value field replaced by `value(it)`, each column its own object. */
function withProse(m: Mapping, value: (shippedValue: Record<string, unknown>) => Record<string, unknown>) {
  for (const column of PROSE) {
    const nested = m.properties[column] as { properties: Record<string, Record<string, unknown>> };
    m.properties[column] = {
      ...nested,
      properties: { ...nested.properties, [NESTED_VALUE]: value(nested.properties[NESTED_VALUE]) },
    };
  }
  return m;
}

const narrowSource = (m: Mapping): Mapping => ({ ...m, _source: { includes: KEPT_SOURCE } });

/**
 * No trigram subfield on the prose: the keyword alone, long enough for any value Lucene takes
 * (ignore_above would otherwise drop long prose from ILIKE), and ILIKE on it a wildcard query
 * on the keyword (a walk of its terms) instead of on the subfield.
 */
const keywordOnlyProse = (m: Mapping): Mapping =>
  withProse(m, (v) => {
    const { fields: _fields, ...keyword } = v;
    return { ...keyword, ignore_above: LONGEST_TERM_CHARS };
  });

/** Rewrites `wildcard` on `<prose>.v.wc` to `wildcard` on `<prose>.v`. */
function proseLikeOnKeyword(query: Query): Query {
  const subfields = new Map<string, string>(
    PROSE.map((c) => [`${c}.${NESTED_VALUE}.${WILDCARD_SUBFIELD}`, `${c}.${NESTED_VALUE}`]),
  );
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      if (k === 'wildcard') {
        const [[field, body]] = Object.entries(v as Record<string, unknown>);
        out[k] = { [subfields.get(field) ?? field]: body };
      } else {
        out[k] = walk(v);
      }
    }
    return out;
  };
  return walk(query) as Query;
}

/** The prose keyword without doc values: nothing sorts or aggregates on it (vocabulary-sources.ts). */
const proseWithoutDocValues = (m: Mapping): Mapping => withProse(m, (v) => ({ ...v, doc_values: false }));

const VARIANTS: Record<string, Variant> = {
  a: { name: 'a', what: 'as shipped', mapping: shipped },
  b: {
    name: 'b',
    what: `_source keeps only ${KEPT_SOURCE.join(', ')}`,
    mapping: () => narrowSource(shipped()),
  },
  c: {
    name: 'c',
    what: 'no wildcard subfield on headline/summary/description (ILIKE walks the keyword terms)',
    mapping: () => keywordOnlyProse(shipped()),
    rewrite: proseLikeOnKeyword,
  },
  d: {
    name: 'd',
    what: 'b + c',
    mapping: () => narrowSource(keywordOnlyProse(shipped())),
    rewrite: proseLikeOnKeyword,
  },
  e: {
    name: 'e',
    what: 'no doc values on the headline/summary/description keyword',
    mapping: () => proseWithoutDocValues(shipped()),
  },
  f: { name: 'f', what: 'b + e', mapping: () => narrowSource(proseWithoutDocValues(shipped())) },
};

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The queries: ILIKE on each prose column, on other nested columns and on a flat text column, equality, a range. */
function queries(headline: string | null): [string, string][] {
  const list: [string, string][] = [
    ['headline ILIKE %engineer%', "headline ILIKE '%engineer%'"],
    ['summary ILIKE %data%', "summary ILIKE '%data%'"],
    ['description ILIKE %customer%', "description ILIKE '%customer%'"],
    ['description ILIKE %migration to cloud%', "description ILIKE '%migration to cloud%'"],
    ['summary ILIKE %kubernetes% (rare)', "summary ILIKE '%kubernetes%'"],
    ['job_title ILIKE %manager%', "job_title ILIKE '%manager%'"],
    // Other nested columns, which no variant may change.
    ['skills ILIKE %python%', "skills ILIKE '%python%'"],
    ['title ILIKE %engineer%', "title ILIKE '%engineer%'"],
    ['city = new york', "city = 'new york'"],
    ['netx_followers >= 1000', 'netx_followers >= 1000'],
    ['summary ILIKE %data% AND city = new york', "summary ILIKE '%data%' AND city = 'new york'"],
  ];
  if (headline) list.push(['headline = <a stored headline>', `headline = ${sqlString(headline)}`]);
  return list.map(([label, where]) => [label, `SELECT * FROM people WHERE ${where}`]);
}

/** The first headline the file holds, for an equality on a prose column. */
async function someHeadline(path: string): Promise<string | null> {
  for await (const { text } of openJsonl(path).lines()) {
    const h = (JSON.parse(text) as Partial<PersonRecord>).headline?.cleaned;
    if (h) return h;
  }
  return null;
}

async function buildIdOf(path: string): Promise<string> {
  for await (const { text } of openJsonl(path).lines()) {
    const v = (JSON.parse(text) as { build_version?: unknown }).build_version;
    if (typeof v === 'string') return v;
  }
  throw new Error(`${path}: no build_version on its first lines`);
}

interface LoadFigures {
  people: number;
  rejected: number;
  people_per_s: number;
  stream: CpuSpan;
  finish: CpuSpan;
  cpu_ms_per_person: {
    bench: number | null;
    opensearch: number | null;
    opensearch_with_finish: number | null;
  };
  store_bytes: number;
  lucene_docs: number;
}

/**
 * The index's Lucene segments: bytes and documents (nested included). Read from the segments,
 * not `_stats/store`, which OpenSearch refreshes only every 10 s.
 */
async function segmentsSize(os: Client, index: string): Promise<{ bytes: number; docs: number }> {
  const res = await os.indices.segments({ index });
  const shards = (
    res.body as {
      indices: Record<
        string,
        {
          shards: Record<string, { segments: Record<string, { size_in_bytes: number; num_docs: number }> }[]>;
        }
      >;
    }
  ).indices[index].shards;
  let bytes = 0;
  let docs = 0;
  for (const copies of Object.values(shards)) {
    for (const segment of Object.values(copies[0].segments)) {
      bytes += segment.size_in_bytes;
      docs += segment.num_docs;
    }
  }
  return { bytes, docs };
}

async function load(os: Client, index: string, mapping: Mapping, path: string, buildId: string) {
  await os.indices.create({ index, body: { settings: loadingSettings(1), mappings: mapping } } as never);
  const osPid = openSearchPid();
  const pipeline = new BatchPipeline(PIPELINE_LIMITS);
  let people = 0;
  const from = sampleCpu(osPid);
  const read = { buildId, log: new LoadLog(), batchSize: 1000 };
  const rejected = await readBatches(openJsonl(path), PERSON, read, async (records) => {
    const docs = prepareDocs(PERSON, records);
    await pipeline.add(
      async () => undefined,
      () => indexBatch(os, 'person', index, docs),
      () => {
        people += records.length;
      },
    );
  });
  await pipeline.drain();
  const streamed = sampleCpu(osPid);
  await finishBuildIndex(os, index, 0);
  const finished = sampleCpu(osPid);
  const size = await segmentsSize(os, index);
  const stream = span(from, streamed);
  const finish = span(streamed, finished);
  const osTotal =
    stream.opensearch_cpu_s === null || finish.opensearch_cpu_s === null
      ? null
      : stream.opensearch_cpu_s + finish.opensearch_cpu_s;
  const figures: LoadFigures = {
    people,
    rejected,
    people_per_s: Math.round(people / stream.wall_s),
    stream,
    finish,
    cpu_ms_per_person: {
      bench: msPer(stream.bench_cpu_s, people),
      opensearch: msPer(stream.opensearch_cpu_s, people),
      opensearch_with_finish: msPer(osTotal, people),
    },
    store_bytes: size.bytes,
    lucene_docs: size.docs,
  };
  return figures;
}

interface Answer {
  total: number;
  /** svc_ids of every hit in svc_id order, up to MAX_COMPARED. */
  ids: string[];
  /** The worker's page (first 100 hits) as the worker reads it. */
  page: unknown[];
}

const MAX_COMPARED = 10000;
const PAGE = { offset: 0, limit: 100 };
/** The worker's defaults (SEARCH_TIMEOUT_MS, SEARCH_COUNT_BUDGET_MS) are generous for one run. */
const BUDGET_MS = 30000;

async function answer(os: Client, index: string, query: Query): Promise<Answer> {
  const page = pageRequest(index, query, PAGE, BUDGET_MS);
  const all = await os.search({
    index,
    body: { query, sort: [{ svc_id: 'asc' }], size: MAX_COMPARED, _source: false, track_total_hits: true },
  } as never);
  const pageRes = await os.search(page.params as never, page.options);
  const hits = all.body.hits as { total: { value: number }; hits: { _id: string }[] };
  return {
    total: hits.total.value,
    ids: hits.hits.map((h) => h._id),
    page: (pageRes.body.hits.hits as { _id: string; _source: unknown }[]).map((h) => [h._id, h._source]),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const r2 = (x: number) => Math.round(x * 100) / 100;

interface QueryFigures {
  label: string;
  total: number;
  p50_ms: number;
  p99_ms: number;
  /** Same total, same hits and same page as the shipped mapping; null for the reference itself. */
  same_as_shipped: boolean | null;
}

/** The worker's two requests in parallel, --runs times after 3 warm-ups, caches cleared each time. */
async function time(os: Client, index: string, query: Query, runs: number): Promise<number[]> {
  const page = pageRequest(index, query, PAGE, BUDGET_MS);
  const count = countRequest(index, query, BUDGET_MS);
  const noCache = { request_cache: false };
  const ms: number[] = [];
  for (let i = 0; i < runs + 3; i += 1) {
    await os.indices.clearCache({ index, query: true, request: true } as never);
    const t = performance.now();
    await Promise.all([
      os.search({ ...page.params, ...noCache } as never, page.options),
      os.search({ ...count.params, ...noCache } as never, count.options),
    ]);
    if (i >= 3) ms.push(performance.now() - t);
  }
  return ms.sort((x, y) => x - y);
}

interface VariantRun {
  variant: string;
  what: string;
  round: number;
  index: string;
  load: LoadFigures;
  queries: QueryFigures[];
}

async function runVariant(
  os: Client,
  v: Variant,
  round: number,
  ctx: { tag: string; path: string; buildId: string; runs: number; sqls: [string, string][] },
  reference: Map<string, Answer>,
): Promise<VariantRun> {
  const index = `mapvar_${ctx.tag}_${v.name}_${round}`;
  try {
    process.stderr.write(`round ${round}, variant ${v.name} (${v.what}): loading ${index}\n`);
    const loaded = await load(os, index, v.mapping(), ctx.path, ctx.buildId);
    process.stderr.write(`  ${JSON.stringify(loaded.cpu_ms_per_person)} ${loaded.people_per_s} people/s\n`);
    const figures: QueryFigures[] = [];
    for (const [label, sql] of ctx.sqls) {
      const compiled = compileQuery(parseQuery(sql, 'person').where, 'person') as Query;
      const query = v.rewrite ? v.rewrite(compiled) : compiled;
      const got = await answer(os, index, query);
      const ref = reference.get(label);
      let same: boolean | null = null;
      if (v.name === 'a' && !ref) reference.set(label, got);
      else if (ref) same = JSON.stringify(ref) === JSON.stringify(got);
      const ms = await time(os, index, query, ctx.runs);
      figures.push({
        label,
        total: got.total,
        p50_ms: r2(percentile(ms, 50)),
        p99_ms: r2(percentile(ms, 99)),
        same_as_shipped: same,
      });
    }
    return { variant: v.name, what: v.what, round, index, load: loaded, queries: figures };
  } finally {
    await os.indices.delete({ index, ignore_unavailable: true } as never).catch(() => undefined);
  }
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toLocaleString('en'));
const mb = (bytes: number) => r2(bytes / 1024 ** 2);

/** Whether every query answered as with the shipped mapping. */
function answers(r: VariantRun): string {
  if (r.queries.some((q) => q.same_as_shipped === false)) return '**no**';
  return r.queries.every((q) => q.same_as_shipped === null) ? 'reference' : 'yes';
}

function table(results: VariantRun[]): string {
  const load = [
    '| round | variant | people/s | bench CPU ms/person | OpenSearch CPU ms/person (stream) | OpenSearch CPU ms/person (stream + finish) | finish s | store MB | Lucene docs | answers = a | load avg |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const l = r.load;
    load.push(
      `| ${r.round} | ${r.variant} | ${fmt(l.people_per_s)} | ${fmt(l.cpu_ms_per_person.bench)} | ` +
        `${fmt(l.cpu_ms_per_person.opensearch)} | ${fmt(l.cpu_ms_per_person.opensearch_with_finish)} | ` +
        `${fmt(l.finish.wall_s)} | ${fmt(mb(l.store_bytes))} | ${fmt(l.lucene_docs)} | ${answers(r)} | ` +
        `${fmt(l.stream.load_start)} → ${fmt(l.finish.load_end)} |`,
    );
  }
  const labels = results[0]?.queries.map((q) => q.label) ?? [];
  const search = [
    `| query | total | ${results.map((r) => `${r.variant}${r.round} p50/p99 ms`).join(' | ')} |`,
    `| --- | --- | ${results.map(() => '---').join(' | ')} |`,
  ];
  for (const label of labels) {
    const cells = results.map((r) => {
      const q = r.queries.find((x) => x.label === label)!;
      const mark = q.same_as_shipped === false ? ' **differs**' : '';
      return `${fmt(q.p50_ms)} / ${fmt(q.p99_ms)}${mark}`;
    });
    const total = results[0].queries.find((x) => x.label === label)!.total;
    search.push(`| ${label} | ${fmt(total)} | ${cells.join(' | ')} |`);
  }
  const what = [...new Map(results.map((r) => [r.variant, r.what])).entries()].map(
    ([n, w]) => `- ${n}: ${w}`,
  );
  return [...load, '', ...search, '', ...what, ''].join('\n');
}

interface WalkFigures {
  label: string;
  total: number;
  subfield: { p50_ms: number; p99_ms: number };
  keyword_walk: { p50_ms: number; p99_ms: number };
  same: boolean;
}

/**
 * Variant c's search cost on a bigger index than the variants are loaded into: an index with
 * the shipped mapping has both the prose keyword and its trigram subfield, so each prose ILIKE
 * is timed both ways on it (as compiled, and rewritten to walk the keyword's terms, as c needs)
 * and their answers compared.
 */
async function keywordWalk(os: Client, index: string, runs: number): Promise<WalkFigures[]> {
  const out: WalkFigures[] = [];
  for (const [label, sql] of queries(null)) {
    const compiled = compileQuery(parseQuery(sql, 'person').where, 'person') as Query;
    const walked = proseLikeOnKeyword(compiled);
    if (JSON.stringify(walked) === JSON.stringify(compiled)) continue;
    const [a, c] = [await answer(os, index, compiled), await answer(os, index, walked)];
    const [msA, msC] = [await time(os, index, compiled, runs), await time(os, index, walked, runs)];
    const pct = (ms: number[]) => ({ p50_ms: r2(percentile(ms, 50)), p99_ms: r2(percentile(ms, 99)) });
    out.push({
      label,
      total: a.total,
      subfield: pct(msA),
      keyword_walk: pct(msC),
      same: JSON.stringify(a) === JSON.stringify(c),
    });
    process.stderr.write(`${JSON.stringify(out.at(-1))}\n`);
  }
  return out;
}

function walkTable(index: string, people: number, docs: number, rows: WalkFigures[]): string {
  const lines = [
    `${index}: ${fmt(people)} people, ${fmt(docs)} Lucene documents`,
    '',
    '| query | total | trigram subfield p50/p99 ms | keyword walk p50/p99 ms | same answers |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${fmt(r.total)} | ${fmt(r.subfield.p50_ms)} / ${fmt(r.subfield.p99_ms)} | ` +
        `${fmt(r.keyword_walk.p50_ms)} / ${fmt(r.keyword_walk.p99_ms)} | ${r.same ? 'yes' : '**no**'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      index: { type: 'string' },
      variants: { type: 'string', default: 'a,b,c,d,e' },
      rounds: { type: 'string', default: '2' },
      runs: { type: 'string', default: '50' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.index) {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
    const os = createOpenSearchClient(config.opensearch, 300000);
    try {
      const people = (await os.count({ index: values.index })).body.count as number;
      const { docs } = await segmentsSize(os, values.index);
      const rows = await keywordWalk(os, values.index, Number(values.runs));
      const md = walkTable(values.index, people, docs, rows);
      if (values.json) process.stderr.write(md);
      process.stdout.write(
        values.json ? `${JSON.stringify({ index: values.index, people, docs, rows }, null, 2)}\n` : md,
      );
    } finally {
      await os.close();
    }
    return;
  }
  if (!values.dir)
    throw new Error('--dir DIR (a folder written by data:generate) or --index INDEX is required');
  const path = findJsonl(values.dir, FILE_NAMES.person);
  if (!path) throw new Error(`${values.dir} holds no people.jsonl`);
  const names = values.variants.split(',');
  const unknown = names.filter((n) => !(n in VARIANTS));
  if (unknown.length > 0) throw new Error(`--variants: unknown ${unknown.join(', ')}`);
  if (names[0] !== 'a') throw new Error('--variants must start with a (the answers are compared with it)');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const os = createOpenSearchClient(config.opensearch, 300000);
  const ctx = {
    tag: Date.now().toString(36),
    path,
    buildId: await buildIdOf(path),
    runs: Number(values.runs),
    sqls: queries(await someHeadline(path)),
  };
  const osPid = openSearchPid();
  const before = sampleCpu(osPid);
  await sleep(5000);
  const idle = span(before, sampleCpu(osPid));
  const started = new Date().toISOString();
  const reference = new Map<string, Answer>();
  const results: VariantRun[] = [];
  try {
    for (let round = 1; round <= Number(values.rounds); round += 1) {
      // a first in round 1, so its answers are the reference; then the order alternates.
      const order = round % 2 === 1 ? names : [...names].reverse();
      for (const name of order) results.push(await runVariant(os, VARIANTS[name], round, ctx, reference));
    }
  } finally {
    await os.close();
  }
  const md = `${table(results)}\nIdle before (${idle.wall_s} s): OpenSearch ${fmt(idle.opensearch_cpu_s)} CPU s, load average ${idle.load_start} → ${idle.load_end}; after: ${r2(loadavg()[0])}.\n`;
  if (values.json) {
    process.stderr.write(md);
    const out = {
      started,
      finished: new Date().toISOString(),
      dir: values.dir,
      runs: ctx.runs,
      idle,
      results,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    process.stdout.write(md);
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
