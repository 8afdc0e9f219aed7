/**
 * Discovery accuracy and parse time (see RESULTS.md). For every labelled description of the
 * chosen build (builds.ts: the labelled set, then the held-out set, reported apart): POST /{entity}/discover and POST /{entity}/search
 * with the intended SQL, through the real gateway → NATS → search worker → OpenSearch on a
 * generated build, and compare the full result sets (svc_id). Then times `interpret` + `toSql`
 * (libs/discovery, the served build's vocabulary) on every description.
 *
 *   npm run build:bench
 *   node dist/bench/discovery/run.js [--people 20000] [--companies 2000] [--seed 7] [--cap 2000]
 *     [--iterations 200] [--entity person|company] [--only TEXT] [--keep | --schema bench_disc_xxx]
 *     [--json FILE] [--vocabulary default|current] [--set all|labelled|held-out]
 *
 * --vocabulary picks the build and its labelled sets (default: the generator's own words);
 * --people, --companies and --seed default to the counts the build's labels were written for.
 *
 * --keep leaves the loaded build in place and prints its schema; --schema reuses it (nothing
 * generated or loaded). Progress goes to stderr, the report to stdout, the JSON summary to FILE.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Entity } from '@app/contracts';
import { CompiledVocabulary, interpret, toSql } from '@app/discovery';
import { quantile } from '../shared/latency';
import { VOCABULARIES, type VocabularyName } from '../../apps/cli/src/data-builds/generator';
import { BENCH_BUILDS } from './builds';
import { checkRows, LabelledRow } from './labelled';
import { Reply, startDiscoveryStack } from './stack';

const PAGE = 100;

interface Interp {
  produced_by?: string;
  recognised?: { phrase: string | null; read: string | null; condition: string }[];
  unsupported?: { phrase: string; reason: string }[];
  ignored?: string[];
}

interface Collected {
  status: number;
  ids: string[];
  total: number | null;
  totalStatus: string | null;
  pages: number;
  ms: number;
  generated?: string;
  interpretation?: Interp;
  error?: string;
  /** A later page answered another generated query than the first (must never happen). */
  unstable?: boolean;
}

interface RowResult {
  description: string;
  sql: string;
  hit: boolean;
  reason: string | null;
  generated: string | null;
  discover: Omit<Collected, 'ids' | 'interpretation' | 'generated'> & { size: number };
  intended: Omit<Collected, 'ids' | 'interpretation' | 'generated'> & { size: number };
  onlyDiscover: number;
  onlyIntended: number;
  interpretation: Interp | null;
  /** The same description parsed in this process with the vocabulary read from the build. */
  directSql: string | null;
}

const idOf = (entity: Entity) => (m: Record<string, { svc_id?: string }>) =>
  (entity === 'person' ? m.person : m.company)?.svc_id ?? '';

async function collect(
  post: (url: string, payload: unknown) => Promise<Reply>,
  url: string,
  entity: Entity,
  query: string,
  cap: number,
): Promise<Collected> {
  const ids: string[] = [];
  let total: number | null = null;
  let totalStatus: string | null = null;
  let generated: string | undefined;
  let interpretation: Interp | undefined;
  let unstable = false;
  let pages = 0;
  let ms = 0;
  for (let offset = 0; offset < cap; offset += PAGE) {
    const res = await post(url, {
      query,
      limit: Math.min(PAGE, cap - offset),
      offset,
      include_fields: 'svc_id',
    });
    pages++;
    ms += res.ms;
    const body = res.body as {
      matches?: Record<string, { svc_id?: string }>[];
      total?: number;
      generated_query?: string;
      interpretation?: Interp;
      message?: string;
      details?: Interp;
    };
    if (res.status !== 200) {
      return {
        status: res.status,
        ids,
        total,
        totalStatus,
        pages,
        ms,
        generated,
        interpretation: interpretation ?? body.details,
        error: body.message ?? String(res.body).slice(0, 300),
      };
    }
    if (offset === 0) {
      generated = body.generated_query;
      interpretation = body.interpretation;
      total = body.total ?? null;
      totalStatus = String(res.headers['total-count-status'] ?? '');
    } else if (body.generated_query !== generated) unstable = true;
    const page = (body.matches ?? []).map(idOf(entity));
    ids.push(...page);
    if (page.length < Math.min(PAGE, cap - offset)) break;
    if (total !== null && ids.length >= total) break;
  }
  return { status: 200, ids, total, totalStatus, pages, ms, generated, interpretation, unstable };
}

/** Why a miss: what the parser left out or reported, else how it read the phrases. */
function reasonOf(d: Collected): string {
  const i = d.interpretation ?? {};
  const parts: string[] = [];
  if (d.status !== 200) parts.push(`discover answered ${d.status}: ${d.error ?? ''}`);
  if (i.ignored?.length) parts.push(`ignored ${i.ignored.map((w) => `"${w}"`).join(', ')}`);
  if (i.unsupported?.length)
    parts.push(`unsupported ${i.unsupported.map((u) => `"${u.phrase}" (${u.reason})`).join(', ')}`);
  if (d.unstable) parts.push('generated query changed between pages');
  if (d.status === 200 && parts.length === 0) {
    const read = (i.recognised ?? []).map(
      (r) =>
        `"${r.phrase}"${r.read && r.read !== r.phrase?.toLowerCase() ? ` (read "${r.read}")` : ''} → ${r.condition}`,
    );
    parts.push(`every word read, differently from the intended SQL: ${read.join('; ')}`);
  }
  return parts.join('; ');
}

function strip({ ids: _ids, interpretation: _i, generated: _g, ...rest }: Collected) {
  return { ...rest, size: _ids.length };
}

async function accuracy(
  post: (url: string, payload: unknown) => Promise<Reply>,
  entity: Entity,
  rows: readonly LabelledRow[],
  cap: number,
  vocabulary: CompiledVocabulary,
  today: string,
  log: (t: string) => void,
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  for (const [n, row] of rows.entries()) {
    const d = await collect(post, `/${entity}/discover`, entity, row.description, cap);
    const s = await collect(post, `/${entity}/search`, entity, row.sql, cap);
    if (s.status !== 200)
      throw new Error(`intended SQL refused (${s.status}: ${s.error}) for "${row.description}": ${row.sql}`);
    const a = new Set(d.ids);
    const b = new Set(s.ids);
    const onlyDiscover = [...a].filter((x) => !b.has(x)).length;
    const onlyIntended = [...b].filter((x) => !a.has(x)).length;
    // Both lists are the first `cap` rows in svc_id order, so equal lists and equal totals
    // mean equal sets even past the cap.
    const hit =
      d.status === 200 &&
      !d.unstable &&
      onlyDiscover === 0 &&
      onlyIntended === 0 &&
      d.ids.length === s.ids.length &&
      d.total === s.total;
    const r = interpret(row.description, entity, { vocabulary, today });
    let directSql: string | null = null;
    try {
      directSql = r.filters.length > 0 ? toSql(r.filters, entity) : null;
    } catch {
      directSql = null;
    }
    results.push({
      description: row.description,
      sql: row.sql,
      hit,
      reason: hit ? null : reasonOf(d),
      generated: d.generated ?? null,
      discover: strip(d),
      intended: strip(s),
      onlyDiscover,
      onlyIntended,
      interpretation: d.interpretation ?? null,
      directSql,
    });
    if ((n + 1) % 25 === 0) log(`  ${entity}: ${n + 1}/${rows.length}`);
  }
  return results;
}

interface ParseTiming {
  descriptions: number;
  iterations: number;
  calls: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** Per description, the median of its iterations: the slowest description's. */
  slowestMedian: { description: string; ms: number };
}

function parseTime(
  entity: Entity,
  rows: readonly LabelledRow[],
  vocabulary: CompiledVocabulary,
  today: string,
  iterations: number,
): ParseTiming {
  const run = (d: string) => {
    const r = interpret(d, entity, { vocabulary, today });
    if (r.filters.length > 0) {
      try {
        toSql(r.filters, entity);
      } catch {
        // refused lists are answered 400 by the service; the time still counts
      }
    }
  };
  for (let w = 0; w < 20; w++) for (const row of rows) run(row.description);
  const all: number[] = [];
  let slowest = { description: '', ms: 0 };
  const perDescription = rows.map(() => [] as number[]);
  // Interleaved: each pass runs every description once, so a GC or a neighbour's burst is
  // spread over descriptions rather than landing on one.
  for (let it = 0; it < iterations; it++) {
    rows.forEach((row, i) => {
      const t = performance.now();
      run(row.description);
      const ms = performance.now() - t;
      all.push(ms);
      perDescription[i].push(ms);
    });
  }
  rows.forEach((row, i) => {
    const sorted = perDescription[i].sort((a, b) => a - b);
    const med = quantile(sorted, 0.5);
    if (med > slowest.ms) slowest = { description: row.description, ms: round(med, 4) };
  });
  all.sort((a, b) => a - b);
  return {
    descriptions: rows.length,
    iterations,
    calls: all.length,
    p50: round(quantile(all, 0.5), 4),
    p99: round(quantile(all, 0.99), 4),
    max: round(all[all.length - 1], 3),
    mean: round(all.reduce((x, y) => x + y, 0) / all.length, 4),
    slowestMedian: slowest,
  };
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

function formatEntity(heading: string, results: RowResult[], timing: ParseTiming): string {
  const hits = results.filter((r) => r.hit).length;
  const lines: string[] = [];
  const emptyIntended = results.filter((r) => r.intended.size === 0).length;
  const divergent = results.filter(
    (r) => r.generated !== null && r.directSql !== null && r.generated !== r.directSql,
  ).length;
  lines.push(
    `## ${heading}: ${hits}/${results.length} hits (${round((100 * hits) / results.length, 1)} %)`,
    `intended query empty for ${emptyIntended} rows; endpoint and in-process parse disagree on ${divergent} rows`,
    `parse (interpret + toSql, ${timing.descriptions} descriptions × ${timing.iterations}): p50 ${timing.p50} ms, p99 ${timing.p99} ms, max ${timing.max} ms, mean ${timing.mean} ms; slowest description median ${timing.slowestMedian.ms} ms ("${timing.slowestMedian.description}")`,
    '',
  );
  for (const r of results.filter((x) => !x.hit)) {
    lines.push(
      `- "${r.description}"`,
      `    generated: ${r.generated ?? '(none)'}`,
      `    intended:  ${r.sql}`,
      `    sizes: discover ${r.discover.size} (total ${r.discover.total}, status ${r.discover.status}) vs intended ${r.intended.size} (total ${r.intended.total}); only in discover ${r.onlyDiscover}, only in intended ${r.onlyIntended}`,
      `    reason: ${r.reason}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      vocabulary: { type: 'string', default: 'default' },
      set: { type: 'string', default: 'all' },
      people: { type: 'string' },
      companies: { type: 'string' },
      seed: { type: 'string' },
      cap: { type: 'string', default: '2000' },
      iterations: { type: 'string', default: '200' },
      entity: { type: 'string' },
      only: { type: 'string' },
      schema: { type: 'string' },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const vocabularyName = values.vocabulary as VocabularyName;
  if (!VOCABULARIES.includes(vocabularyName))
    throw new Error(`--vocabulary must be one of ${VOCABULARIES.join(', ')}`);
  const build = BENCH_BUILDS[vocabularyName];
  const sets = (
    [
      ['labelled', build.labelled],
      ['held-out', build.heldOut],
    ] as const
  ).filter(([name]) => values.set === 'all' || values.set === name);
  if (sets.length === 0) throw new Error('--set must be all, labelled or held-out');
  for (const [name, set] of sets) {
    checkRows(set.person, 'person');
    checkRows(set.company, 'company');
    log(
      `${vocabularyName} build, ${name} rows: ${set.person.length} person, ${set.company.length} company; every intended SQL parses`,
    );
  }
  const entities: Entity[] = values.entity ? [values.entity as Entity] : ['person', 'company'];
  const only = values.only?.toLowerCase();
  const rowsOf = (rows: readonly LabelledRow[]) =>
    rows.filter((r) => !only || r.description.toLowerCase().includes(only));
  const cap = Number(values.cap);
  const iterations = Number(values.iterations);
  const today = new Date().toISOString().slice(0, 10);

  const loadStart = loadavg();
  const started = performance.now();
  const stack = await startDiscoveryStack({
    people: Number(values.people ?? build.people),
    companies: Number(values.companies ?? build.companies),
    seed: Number(values.seed ?? build.seed),
    vocabulary: vocabularyName,
    schema: values.schema,
    keep: values.keep ?? false,
    log,
  });
  const report: Record<string, unknown> = {};
  const text: string[] = [];
  try {
    for (const [setName, set] of sets) {
      const setReport: Record<string, unknown> = {};
      report[setName] = setReport;
      for (const entity of entities) {
        const rows = rowsOf(set[entity]);
        if (rows.length === 0) continue;
        const vocabulary = await stack.vocabulary(entity);
        log(`${setName} ${entity}: ${rows.length} descriptions through discover and search…`);
        const t = performance.now();
        const results = await accuracy(stack.post, entity, rows, cap, vocabulary, today, log);
        const httpSeconds = round((performance.now() - t) / 1000, 1);
        log(`${setName} ${entity}: timing interpret + toSql, ${iterations} iterations…`);
        const timing = parseTime(entity, rows, vocabulary, today, iterations);
        const hits = results.filter((r) => r.hit).length;
        setReport[entity] = {
          hits,
          total: results.length,
          percent: round((100 * hits) / results.length, 1),
          httpSeconds,
          parse: timing,
          rows: results,
        };
        text.push(formatEntity(`${vocabularyName} build, ${setName}, ${entity}`, results, timing));
      }
    }
  } finally {
    await stack.close();
  }
  const machine = {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    node: process.version,
    load_average_start: loadStart.map((x) => round(x)),
    load_average_end: loadavg().map((x) => round(x)),
    wall_seconds: round((performance.now() - started) / 1000, 1),
    load_seconds: round(stack.loadSeconds, 1),
    today,
  };
  const args = {
    vocabulary: vocabularyName,
    set: values.set,
    people: Number(values.people ?? build.people),
    companies: Number(values.companies ?? build.companies),
    seed: Number(values.seed ?? build.seed),
    cap,
    iterations,
    schema: stack.schema,
  };
  process.stdout.write(
    `${text.join('\n\n')}\n\nmachine: ${JSON.stringify(machine)}\nargs: ${JSON.stringify(args)}\n`,
  );
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ args, machine, ...report }, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
