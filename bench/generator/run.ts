/**
 * Generator benchmark: writes a full dataset and reports time, throughput and output size.
 *
 *   npm run build:bench
 *   node dist/bench/generator/run.js --people 1000000 --companies 100000 --seed 1 --out /tmp/gen-bench
 *
 * Optional: --workers N (default: one per CPU), --json to print the figures as JSON only.
 */
import { stat } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { generateDataset } from '../../apps/cli/src/data-builds/generator';

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
  if (fallback === undefined) throw new Error(`missing --${name}`);
  return fallback;
}

async function main(): Promise<void> {
  const people = Number(arg('people', '1000000'));
  const companies = Number(arg('companies', String(Math.max(1, Math.round(people / 10)))));
  const seed = Number(arg('seed', '1'));
  const outDir = arg('out', '/tmp/gen-bench');
  const workersArg = arg('workers', '');
  const workers = workersArg === '' ? undefined : Number(workersArg);
  const json = process.argv.includes('--json');

  let last = 0;
  const loadBefore = loadavg()[0];
  const cpuBefore = process.cpuUsage();
  const result = await generateDataset({
    people,
    companies,
    seed,
    outDir,
    workers,
    onProgress: (done) => {
      const now = Date.now();
      if (!json && now - last > 5000) {
        last = now;
        process.stderr.write(`  companies ${done.companies}, people ${done.people}\n`);
      }
    },
  });
  // Process-wide CPU time (all threads): unlike wall time it does not grow when other work or
  // the hypervisor takes the CPUs away, so it compares runs on a shared machine.
  const cpu = process.cpuUsage(cpuBefore);
  const sizes = await Promise.all(result.files.map(async (f) => (await stat(f)).size));
  const rss = process.memoryUsage().rss;
  const figures = {
    people: result.people,
    companies: result.companies,
    seed,
    workers: workers ?? availableParallelism(),
    seconds: result.ms / 1000,
    people_per_second: Math.round(result.people / (result.ms / 1000)),
    records_per_second: Math.round((result.people + result.companies) / (result.ms / 1000)),
    companies_bytes: sizes[0],
    people_bytes: sizes[1],
    mean_person_bytes: Math.round(sizes[1] / Math.max(1, result.people)),
    main_rss_mb: Math.round(rss / 2 ** 20),
    cpu_user_seconds: Math.round(cpu.user / 1e4) / 100,
    cpu_system_seconds: Math.round(cpu.system / 1e4) / 100,
    cpu_microseconds_per_person: Math.round(
      (cpu.user + cpu.system) / Math.max(1, result.people + result.companies),
    ),
    load_average_before: Math.round(loadBefore * 100) / 100,
    load_average_after: Math.round(loadavg()[0] * 100) / 100,
    cpu: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  if (json) {
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k.padEnd(20)} ${v}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
