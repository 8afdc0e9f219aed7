/**
 * Loader throughput: loads DIR (from `data:generate`) as a build into a fresh Postgres schema
 * and OpenSearch index prefix, then prints the report as JSON. --keep leaves the data in place
 * (schema and prefix printed) for the search benchmarks; otherwise both are removed.
 *
 *   npm run build:bench && node dist/bench/loader/run.js --dir /tmp/gen-1m [--keep]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '@app/config';
import { createOpenSearchClient } from '@app/search-index';
import { createDataSource, quoteIdent, runMigrations } from '@app/store';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { createProgress } from '../../apps/cli/src/data-builds/loader/progress';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
      batch: { type: 'string', default: '1000' },
    },
  });
  if (!values.dir) throw new Error('--dir DIR is required (a folder written by data:generate)');
  const tag = `bench_${Date.now().toString(36)}`;
  const base = loadConfig();
  const config = loadConfig({ ...process.env, DATABASE_SCHEMA: tag, OPENSEARCH_INDEX_PREFIX: `${tag}_` });
  const db = createDataSource(config.database, { applicationName: 'svc-bench' });
  await runMigrations(db);
  const os = createOpenSearchClient(config.opensearch, 300000);
  const loadAtStart = loadavg()[0];
  try {
    const report = await loadBuild(db, os, config.opensearch, {
      dir: values.dir,
      batchSize: Number(values.batch),
      progress: createProgress(),
      onProblem: (p) => process.stderr.write(`${p.file}:${p.line}: ${p.reason}\n`),
    });
    const { problems: _problems, ...summary } = report;
    const cpu = process.cpuUsage();
    // The machine is shared: load average and the loader's own CPU time say how much of the
    // wall time was the loader and how much its neighbours (OpenSearch and Postgres included).
    const machine = {
      load_average_start: loadAtStart,
      load_average_end: loadavg()[0],
      loader_cpu_seconds: Math.round((cpu.user + cpu.system) / 1e4) / 100,
    };
    process.stdout.write(
      `${JSON.stringify({ ...summary, ...machine, schema: tag, index_prefix: `${tag}_`, kept: values.keep, database: base.database.url }, null, 2)}\n`,
    );
  } finally {
    if (!values.keep) {
      await os.indices.delete({ index: `${tag}_*`, expand_wildcards: 'all' }).catch(() => undefined);
      await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(tag)} CASCADE`).catch(() => undefined);
    }
    await os.close();
    await db.destroy();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
