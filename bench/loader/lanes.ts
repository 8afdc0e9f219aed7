/**
 * The loader's limit, lane by lane (issue 29, item 1). Over one generated folder, in one run,
 * one lane after the other, each into its own fresh Postgres schema and OpenSearch index prefix
 * (both removed afterwards):
 *
 *   search    the OpenSearch side of a load alone: the loader's reading, parsing and normalizing
 *             (readBatches), its search documents (prepareDocs), its index layout, mapping and
 *             load settings (createBuildIndex), its bulk requests (indexBatch) in its pipeline
 *             (same batch size, two in flight, four batches ahead), then finishBuildIndex.
 *   postgres  the Postgres side alone: the same reading, the loader's rows, served text and
 *             match keys (prepareRows), its COPY batches (insertRecords) in one transaction on
 *             one connection, then the value counts, ANALYZE, commit and VACUUM it runs.
 *   loader    loadBuild, end to end, as bench/loader/run.ts runs it.
 *
 * Per lane: people/s and companies/s over each entity's streaming phase (first line read to
 * last batch written, as the loader's progress bar sees it), the lane's whole wall time, and
 * CPU per record of this process, the OpenSearch JVM and the Postgres server over that phase.
 *
 *   npm run build:bench && node dist/bench/loader/lanes.js --dir /var/tmp/gen100k [--people-only] [--json]
 *     [--lanes search,postgres,loader] [--keep-loader]
 *
 * --keep-loader leaves the loader lane's build in place (schema and prefix printed) for
 * bench/loader/incremental.ts.
 *
 * Prints a Markdown table; with --json, the figures as JSON on stdout and the table on stderr.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Client } from '@opensearch-project/opensearch';
import type { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@app/config';
import { createBuildIndex, createOpenSearchClient, finishBuildIndex, indexLayout } from '@app/search-index';
import { createDataSource, insertLoadingBuild, quoteIdent, runMigrations } from '@app/store';
import { BatchPipeline } from '../../apps/cli/src/data-builds/loader/batch-pipeline';
import { FILE_NAMES, resolveBuild } from '../../apps/cli/src/data-builds/loader/build-target';
import {
  COMPANY,
  EntitySpec,
  LoadedRecord,
  PERSON,
} from '../../apps/cli/src/data-builds/loader/entity-specs';
import { findJsonl, openJsonl } from '../../apps/cli/src/data-builds/loader/jsonl';
import {
  indexBatch,
  jsonlBytes,
  PIPELINE_LIMITS,
  prepareDocs,
  prepareRows,
} from '../../apps/cli/src/data-builds/loader/load-entity';
import { newBuildIndices } from '../../apps/cli/src/data-builds/loader/load-indices';
import { LoadLog } from '../../apps/cli/src/data-builds/loader/load-log';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import {
  analyzeBuildTables,
  clearBuildRows,
  countBuildValues,
  insertRecords,
  vacuumBuildTables,
} from '../../apps/cli/src/data-builds/loader/pg-writer';
import type { Progress } from '../../apps/cli/src/data-builds/loader/progress';
import { readBatches } from '../../apps/cli/src/data-builds/loader/read-records';
import { CpuSample, CpuSpan, msPer, openSearchPid, sampleCpu, span } from './lane-cpu';

type LaneName = 'search' | 'postgres' | 'loader';
type Label = 'companies' | 'people';

const INCLUDES: Record<LaneName, string> = {
  search: 'read + parse + normalize + search documents + _bulk (2 in flight); then refresh and force-merge',
  postgres:
    'read + parse + normalize + rows/served text/keys + COPY (one transaction); then counts, ANALYZE, commit, VACUUM',
  loader: 'loadBuild end to end: both stores, quality gate, activation, finishing',
};

interface Lane {
  config: AppConfig;
  db: DataSource;
  os: Client;
  dir: string;
  batchSize: number;
  clock: PhaseClock;
}

/** Samples CPU where the loader's progress bar starts and stops an entity: its streaming phase. */
class PhaseClock implements Progress {
  readonly phases: Partial<Record<Label, { from: CpuSample; to?: CpuSample }>> = {};
  private current: Label | null = null;
  constructor(private readonly osPid: number | null) {}

  start(label: string): void {
    this.current = label as Label;
    this.phases[this.current] = { from: sampleCpu(this.osPid) };
  }
  update(): void {}
  stop(): void {
    if (this.current) this.phases[this.current]!.to = sampleCpu(this.osPid);
    this.current = null;
  }
}

interface Counted {
  people: number;
  companies: number;
  rejected: number;
}

/** The entities the folder holds, in the loader's order (companies first). */
function entityFiles(dir: string, peopleOnly: boolean): [EntitySpec<LoadedRecord>, string][] {
  const out: [EntitySpec<LoadedRecord>, string][] = [];
  const company = peopleOnly ? null : findJsonl(dir, FILE_NAMES.company);
  const person = findJsonl(dir, FILE_NAMES.person);
  if (company) out.push([COMPANY as EntitySpec<LoadedRecord>, company]);
  if (person) out.push([PERSON as EntitySpec<LoadedRecord>, person]);
  return out;
}

/** Reads one file through the loader's reader into its pipeline, one store's writer given. */
async function streamEntity(
  lane: Lane,
  spec: EntitySpec<LoadedRecord>,
  path: string,
  buildId: string,
  write: (
    records: LoadedRecord[],
    sources: readonly string[],
  ) => { postgres: () => Promise<void>; search: () => Promise<void> },
): Promise<{ loaded: number; rejected: number }> {
  const source = openJsonl(path);
  const pipeline = new BatchPipeline(PIPELINE_LIMITS);
  let loaded = 0;
  lane.clock.start(spec.entity === 'person' ? 'people' : 'companies');
  const read = { buildId, log: new LoadLog(), batchSize: lane.batchSize };
  const rejected = await readBatches(source, spec, read, async (records, batch) => {
    const w = write(records, batch.sources);
    await pipeline.add(w.postgres, w.search, () => {
      loaded += records.length;
    });
  });
  await pipeline.drain();
  lane.clock.stop();
  return { loaded, rejected };
}

const nothing = async (): Promise<void> => undefined;

function tally(counted: Counted, spec: EntitySpec<LoadedRecord>, r: { loaded: number; rejected: number }) {
  if (spec.entity === 'person') counted.people += r.loaded;
  else counted.companies += r.loaded;
  counted.rejected += r.rejected;
}

async function searchLane(lane: Lane, files: [EntitySpec<LoadedRecord>, string][]): Promise<Counted> {
  const { buildId } = await resolveBuild(lane.db, { dir: lane.dir }, 'live');
  const indices = newBuildIndices(lane.config.opensearch, 'live', buildId);
  const counted: Counted = { people: 0, companies: 0, rejected: 0 };
  for (const [spec, path] of files) {
    const index = indices[spec.entity];
    const layout = await indexLayout(lane.os, lane.config.opensearch, jsonlBytes(path));
    await createBuildIndex(lane.os, index, spec.entity, layout);
    const r = await streamEntity(lane, spec, path, buildId, (records) => {
      const docs = prepareDocs(spec, records);
      return { postgres: nothing, search: () => indexBatch(lane.os, spec.entity, index, docs) };
    });
    await finishBuildIndex(lane.os, index, layout.replicas);
    tally(counted, spec, r);
  }
  return counted;
}

async function postgresLane(lane: Lane, files: [EntitySpec<LoadedRecord>, string][]): Promise<Counted> {
  const { buildId } = await resolveBuild(lane.db, { dir: lane.dir }, 'live');
  const counted: Counted = { people: 0, companies: 0, rejected: 0 };
  const runner = lane.db.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await insertLoadingBuild(runner, buildId, 'live');
    await clearBuildRows(runner, buildId, ['person', 'company']);
    for (const [spec, path] of files) {
      const r = await streamEntity(lane, spec, path, buildId, (records, sources) => {
        const { rows, keys } = prepareRows(spec, records, sources);
        return { postgres: () => insertRecords(runner, spec.entity, buildId, rows, keys), search: nothing };
      });
      tally(counted, spec, r);
    }
    await countBuildValues(runner, buildId);
    await analyzeBuildTables(runner);
    await runner.commitTransaction();
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
  await vacuumBuildTables(lane.db);
  return counted;
}

async function loaderLane(lane: Lane, files: [EntitySpec<LoadedRecord>, string][]): Promise<Counted> {
  // Without companies, a folder holding only a link to people.jsonl: the loader reads what it finds.
  const people = files.find(([s]) => s.entity === 'person')?.[1];
  const only = files.length === 1 && people ? mkdtempSync(join(tmpdir(), 'lanes-')) : null;
  if (only) symlinkSync(people!, join(only, basename(people!)));
  try {
    const report = await loadBuild(lane.db, lane.os, lane.config.opensearch, {
      dir: only ?? lane.dir,
      batchSize: lane.batchSize,
      progress: lane.clock,
      onProblem: (p) => process.stderr.write(`${p.file}:${p.line}: ${p.reason}\n`),
    });
    return {
      people: report.people.loaded,
      companies: report.companies.loaded,
      rejected: report.people.rejected + report.companies.rejected,
    };
  } finally {
    if (only) rmSync(only, { recursive: true, force: true });
  }
}

const LANES: Record<LaneName, (lane: Lane, files: [EntitySpec<LoadedRecord>, string][]) => Promise<Counted>> =
  {
    search: searchLane,
    postgres: postgresLane,
    loader: loaderLane,
  };

interface PhaseFigures extends CpuSpan {
  records: number;
  per_s: number;
  cpu_ms_per_record: { bench: number | null; opensearch: number | null; postgres: number | null };
}

interface LaneResult extends Counted {
  lane: LaneName;
  includes: string;
  /** The whole lane: index creation, both entities, finishing (and for the loader, activation). */
  whole: CpuSpan;
  phases: Partial<Record<Label, PhaseFigures>>;
}

function phaseFigures(from: CpuSample, to: CpuSample, records: number): PhaseFigures {
  const s = span(from, to);
  return {
    ...s,
    records,
    per_s: Math.round(records / s.wall_s),
    cpu_ms_per_record: {
      bench: msPer(s.bench_cpu_s, records),
      opensearch: msPer(s.opensearch_cpu_s, records),
      postgres: msPer(s.postgres_cpu_s, records),
    },
  };
}

/** One lane in its own schema and index prefix, removed afterwards whatever happens. */
async function runLane(
  name: LaneName,
  opts: { dir: string; batchSize: number; peopleOnly: boolean; keep: boolean },
  osPid: number | null,
): Promise<LaneResult> {
  const tag = `lanes_${name}_${Date.now().toString(36)}`;
  const config = loadConfig({ ...process.env, DATABASE_SCHEMA: tag, OPENSEARCH_INDEX_PREFIX: `${tag}_` });
  const db = createDataSource(config.database, { applicationName: 'svc-bench' });
  await runMigrations(db);
  const os = createOpenSearchClient(config.opensearch, 300000);
  const clock = new PhaseClock(osPid);
  try {
    process.stderr.write(`lane ${name}: schema and index prefix ${tag}\n`);
    const start = sampleCpu(osPid);
    const counted = await LANES[name](
      { config, db, os, dir: opts.dir, batchSize: opts.batchSize, clock },
      entityFiles(opts.dir, opts.peopleOnly),
    );
    const end = sampleCpu(osPid);
    const phases: LaneResult['phases'] = {};
    for (const label of ['companies', 'people'] as const) {
      const p = clock.phases[label];
      if (p?.to) phases[label] = phaseFigures(p.from, p.to, counted[label]);
    }
    return { lane: name, includes: INCLUDES[name], ...counted, whole: span(start, end), phases };
  } finally {
    if (opts.keep) {
      process.stderr.write(`lane ${name}: kept, DATABASE_SCHEMA=${tag} OPENSEARCH_INDEX_PREFIX=${tag}_\n`);
    } else {
      await os.indices.delete({ index: `${tag}_*`, expand_wildcards: 'all' }).catch(() => undefined);
      await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(tag)} CASCADE`).catch(() => undefined);
    }
    await os.close();
    await db.destroy();
  }
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toLocaleString('en'));

function table(results: LaneResult[], idle: CpuSpan): string {
  const rows = [
    '| lane | people/s | companies/s | people phase s | whole lane s | bench CPU ms/person | OpenSearch CPU ms/person | Postgres CPU ms/person | load avg (people phase) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const p = r.phases.people;
    const c = r.phases.companies;
    rows.push(
      `| ${r.lane} | ${fmt(p?.per_s)} | ${fmt(c?.per_s)} | ${fmt(p?.wall_s)} | ${fmt(r.whole.wall_s)} | ` +
        `${fmt(p?.cpu_ms_per_record.bench)} | ${fmt(p?.cpu_ms_per_record.opensearch)} | ` +
        `${fmt(p?.cpu_ms_per_record.postgres)} | ${fmt(p?.load_start)} → ${fmt(p?.load_end)} |`,
    );
  }
  const whole = results.map(
    (r) =>
      `- ${r.lane}: ${fmt(r.people)} people, ${fmt(r.companies)} companies, ${fmt(r.rejected)} rejected; whole lane ` +
      `${fmt(r.whole.wall_s)} s, CPU s bench ${fmt(r.whole.bench_cpu_s)}, OpenSearch ${fmt(r.whole.opensearch_cpu_s)}, ` +
      `Postgres ${fmt(r.whole.postgres_cpu_s)}; includes ${r.includes}`,
  );
  const idleLine =
    `Idle before the lanes (${idle.wall_s} s): OpenSearch ${fmt(idle.opensearch_cpu_s)} CPU s, ` +
    `Postgres ${fmt(idle.postgres_cpu_s)} CPU s, load average ${idle.load_start} → ${idle.load_end}.`;
  return [...rows, '', ...whole, '', idleLine, ''].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      'people-only': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      batch: { type: 'string', default: '1000' },
      lanes: { type: 'string', default: 'search,postgres,loader' },
      'keep-loader': { type: 'boolean', default: false },
    },
  });
  if (!values.dir) throw new Error('--dir DIR is required (a folder written by data:generate)');
  const names = values.lanes.split(',') as LaneName[];
  const unknown = names.filter((n) => !(n in LANES));
  if (unknown.length > 0)
    throw new Error(`--lanes: unknown ${unknown.join(', ')} (search, postgres, loader)`);
  const opts = { dir: values.dir, batchSize: Number(values.batch), peopleOnly: values['people-only'] };
  const osPid = openSearchPid();
  // What the two servers burn with nothing loading: the floor under their per-person figures.
  const before = sampleCpu(osPid);
  await sleep(5000);
  const idle = span(before, sampleCpu(osPid));
  const started = new Date().toISOString();
  const results: LaneResult[] = [];
  for (const name of names) {
    results.push(await runLane(name, { ...opts, keep: name === 'loader' && values['keep-loader'] }, osPid));
    process.stderr.write(`lane ${name}: ${JSON.stringify(results.at(-1)!.phases.people ?? {})}\n`);
  }
  const md = table(results, idle);
  if (values.json) {
    process.stderr.write(md);
    const out = {
      started,
      finished: new Date().toISOString(),
      ...opts,
      opensearch_pid: osPid,
      idle,
      lanes: results,
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
