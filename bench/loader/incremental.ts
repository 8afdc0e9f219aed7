/**
 * Incremental builds at size (issue 29, item 3): a build A already loaded (kept by `run.js
 * --keep` or `lanes.js --keep-loader`), the next snapshot made from A's files with 1 % of its
 * people changed — a third of them removed, a third edited (netx_followers), a third added
 * (people generated with another seed) — and every line restamped with the new build, then:
 *
 *   incremental  data:load NEXT --build B --from A (loadBuild with `from`)
 *   full         data:load NEXT --build C, the same files in full (unless --no-full)
 *
 * both into A's schema and prefix, timed, with CPU per process, one after the other.
 *
 *   npm run build:bench && DATABASE_SCHEMA=… OPENSEARCH_INDEX_PREFIX=… \
 *     node dist/bench/loader/incremental.js --dir /var/tmp/gen1m --from 1.0.0_2026-11-21 \
 *     --out /var/tmp/gen1m-next [--percent 1] [--no-full] [--json]
 */
import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { loadConfig } from '@app/config';
import { createOpenSearchClient } from '@app/search-index';
import { createDataSource } from '@app/store';
import { COMPANIES_FILE, generateDataset, PEOPLE_FILE } from '../../apps/cli/src/data-builds/generator';
import { loadBuild, LoadReport } from '../../apps/cli/src/data-builds/loader/loader';
import { CpuSpan, msPer, openSearchPid, sampleCpu, span } from './lane-cpu';

const NEXT_BUILD = '1.1.0_2026-12-21';
const FULL_BUILD = '1.1.1_2026-12-21';

/** Copies `from` to `to` line by line through `edit` (null drops the line), then appends `extra`. */
async function rewrite(
  from: string,
  to: string,
  edit: (line: string, n: number) => string | null,
  extra: string[] = [],
): Promise<number> {
  const out = createWriteStream(to);
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(from, { highWaterMark: 1 << 20 }) })) {
    if (line === '') continue;
    const next = edit(line, n++);
    if (next !== null && !out.write(`${next}\n`)) await once(out, 'drain');
  }
  for (const line of extra) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return n;
}

const STAMP = /"build_version":"[^"]*"/;
const restamp = (line: string) => line.replace(STAMP, `"build_version":"${NEXT_BUILD}"`);

/** The next snapshot: every `every`-th person removed, the next one edited, as many added. */
async function nextSnapshot(dir: string, out: string, percent: number) {
  mkdirSync(out, { recursive: true });
  const every = Math.round(300 / percent);
  let removed = 0;
  let edited = 0;
  const extraDir = join(tmpdir(), `incremental-extra-${Date.now().toString(36)}`);
  const count = await rewrite(join(dir, PEOPLE_FILE), '/dev/null', () => null);
  const adding = Math.floor(count / every);
  await generateDataset({
    people: adding,
    companies: 1,
    seed: 9_001,
    outDir: extraDir,
    buildVersion: NEXT_BUILD,
  });
  const added: string[] = [];
  for await (const line of createInterface({ input: createReadStream(join(extraDir, PEOPLE_FILE)) })) {
    if (line !== '') added.push(line);
  }
  rmSync(extraDir, { recursive: true, force: true });
  await rewrite(
    join(dir, PEOPLE_FILE),
    join(out, PEOPLE_FILE),
    (line, n) => {
      if (n % every === 0) {
        removed += 1;
        return null;
      }
      if (n % every === 1) {
        edited += 1;
        const r = JSON.parse(line) as { netx_followers: number | null };
        r.netx_followers = (r.netx_followers ?? 0) + 1;
        return restamp(JSON.stringify(r));
      }
      return restamp(line);
    },
    added,
  );
  await rewrite(join(dir, COMPANIES_FILE), join(out, COMPANIES_FILE), restamp);
  return { people: count, removed, edited, added: added.length };
}

interface Timed {
  build: string;
  wall_s: number;
  cpu: CpuSpan;
  cpu_ms_per_person: { bench: number | null; opensearch: number | null; postgres: number | null };
  people: LoadReport['people'];
  companies: LoadReport['companies'];
  gate_passed: boolean;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
      percent: { type: 'string', default: '1' },
      'no-full': { type: 'boolean', default: false },
      'reuse-out': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.dir || !values.from || !values.out) throw new Error('--dir, --from and --out are required');
  const config = loadConfig();
  const db = createDataSource(config.database, { applicationName: 'svc-bench' });
  await db.initialize();
  const os = createOpenSearchClient(config.opensearch, 300000);
  const osPid = openSearchPid();
  try {
    const snapshot = values['reuse-out']
      ? null
      : await nextSnapshot(values.dir, values.out, Number(values.percent));
    process.stderr.write(`snapshot: ${JSON.stringify(snapshot)}\n`);
    const timed = async (build: string, from?: string): Promise<Timed> => {
      const start = sampleCpu(osPid);
      const report = await loadBuild(db, os, config.opensearch, {
        dir: values.out!,
        buildId: build,
        from,
        onProblem: (p) => process.stderr.write(`${p.file}:${p.line}: ${p.reason}\n`),
      });
      const cpu = span(start, sampleCpu(osPid));
      const people = report.people.loaded;
      process.stderr.write(`${build}${from ? ` --from ${from}` : ''}: ${cpu.wall_s} s\n`);
      return {
        build,
        wall_s: cpu.wall_s,
        cpu,
        cpu_ms_per_person: {
          bench: msPer(cpu.bench_cpu_s, people),
          opensearch: msPer(cpu.opensearch_cpu_s, people),
          postgres: msPer(cpu.postgres_cpu_s, people),
        },
        people: report.people,
        companies: report.companies,
        gate_passed: report.gate.passed,
      };
    };
    const incremental = await timed(NEXT_BUILD, values.from);
    const full = values['no-full'] ? null : await timed(FULL_BUILD);
    const out = {
      schema: config.database.schema,
      index_prefix: config.opensearch.indexPrefix,
      snapshot,
      incremental,
      full,
      ratio: full ? Math.round((incremental.wall_s / full.wall_s) * 1000) / 1000 : null,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await os.close();
    await db.destroy();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
