/**
 * Search throughput through the gateway as `npm run scale` deploys it, side by side: 1 or 2
 * gateway processes × 1 or 2 search workers, closed-loop autocannon (CPU-bound: every core
 * busy), on one OpenSearch node and on the 3-node cluster when there is one. Each process's CPU
 * seconds per request (from /proc) give the bound the machine's cores put on each configuration.
 * See RESULTS.md.
 *
 *   npm run build && npm run build:bench
 *   node dist/bench/scale/run.js [--people 20000] [--companies 5000] [--duration 20] [--warmup 5]
 *     [--connections 32] [--configs 1x1,1x2,2x1,2x2] [--rounds 1] [--targets single,cluster]
 *     [--cluster-opensearch-url http://127.0.0.1:9201,...] [--cluster-nats-url nats://127.0.0.1:4223,...]
 *     [--out bench/scale/last-run.json]
 *
 * Loads a generated build into a schema, index prefix and NATS subject prefix of its own per
 * target and drops them at the end.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@app/config';
import { createOpenSearchClient } from '@app/search-index';
import { createDataSource, quoteIdent, runMigrations } from '@app/store';
import { freePort } from '@app/testing';
import { generateDataset } from '../../apps/cli/src/data-builds/generator';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { createBenchKey } from '../shared/bench-key';
import { runCannon } from './cannon';
import { cpuBetween, Groups, listeningPids, others, pidsByComm, snapshot } from './procs';
import { boundOf, ConfigRun, formatTable, Group } from './report';
import { startTopology } from './topology';

const BUILD = '1.0.0_2026-11-21';
const CLUSTER_OPENSEARCH = 'http://127.0.0.1:9201,http://127.0.0.1:9202,http://127.0.0.1:9203';
const CLUSTER_NATS = 'nats://127.0.0.1:4223,nats://127.0.0.1:4224,nats://127.0.0.1:4225';
const log = (text: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${text}\n`);

/** A fixed mix: equality, prefix-free ILIKE, array ILIKE, negation; pages of 10. */
const QUERIES = [
  `SELECT * FROM people WHERE city = 'san francisco' AND seniority_level = 'senior'`,
  `SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = 'new york'`,
  `SELECT * FROM people WHERE skills ILIKE '%python%'`,
  `SELECT * FROM people WHERE seniority_level = 'director' AND job_title ILIKE '%sales%'`,
  `SELECT * FROM people WHERE city = 'london' OR city = 'berlin'`,
  `SELECT * FROM people WHERE NOT (skills = 'no such skill') AND seniority_level = 'manager'`,
];

interface Target {
  name: string;
  opensearch: string;
  nats: string;
}

const portsOf = (list: string, fallback: number) =>
  list.split(',').map((u) => Number(new URL(u.trim()).port || fallback));

/** The cluster's URLs when given, or when the stack's cluster answers on its default ports. */
async function clusterTarget(os?: string, nats?: string): Promise<Target | null> {
  const opensearch = os ?? CLUSTER_OPENSEARCH;
  if (!os) {
    const health = await fetch(`${opensearch.split(',')[0]}/_cluster/health`, {
      signal: AbortSignal.timeout(3000),
    })
      .then((r) => r.json() as Promise<{ number_of_nodes?: number }>)
      .catch(() => null);
    if (!health || (health.number_of_nodes ?? 0) < 2) return null;
  }
  const natsUrl =
    nats ?? (listeningPids(portsOf(CLUSTER_NATS, 4222)).length ? CLUSTER_NATS : process.env.NATS_URL);
  return { name: '3-node cluster', opensearch, nats: natsUrl ?? 'nats://127.0.0.1:4222' };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      people: { type: 'string', default: '20000' },
      companies: { type: 'string', default: '5000' },
      duration: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '32' },
      configs: { type: 'string', default: '1x1,1x2,2x1,2x2' },
      rounds: { type: 'string', default: '1' },
      targets: { type: 'string', default: 'single,cluster' },
      'cluster-opensearch-url': { type: 'string' },
      'cluster-nats-url': { type: 'string' },
      out: { type: 'string', default: 'bench/scale/last-run.json' },
    },
  });
  const configs = values.configs!.split(',').map((c) => {
    const m = /^(\d+)x(\d+)$/.exec(c.trim());
    if (!m) throw new Error(`--configs: '${c}' is not GxW (gateway processes x search workers)`);
    return { gateways: Number(m[1]), workers: Number(m[2]) };
  });
  const base = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const wanted = values.targets!.split(',');
  const targets: Target[] = [];
  if (wanted.includes('single'))
    targets.push({
      name: '1 node',
      opensearch: base.opensearch.url,
      nats: process.env.NATS_URL ?? base.nats.url,
    });
  if (wanted.includes('cluster')) {
    const cluster = await clusterTarget(values['cluster-opensearch-url'], values['cluster-nats-url']);
    if (cluster) targets.push(cluster);
    else
      log(
        `no OpenSearch cluster at ${CLUSTER_OPENSEARCH} (bash scripts/stack.sh up --cluster): measuring one node only`,
      );
  }
  const cores = availableParallelism();
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const stamp = Date.now().toString(36);
  const runs: ConfigRun[] = [];
  const failures: Array<{ target: string; config?: string; error: string }> = [];
  const report: Record<string, unknown> = {
    command: process.argv.slice(2).join(' '),
    cores,
    queries: QUERIES,
    started: { at: new Date().toISOString(), loadavg: loadavg(), others: others(new Set([process.pid])) },
    runs,
    failures,
  };
  // Ctrl-C: finish the configuration under way, then clean up and report what was measured.
  let aborted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      aborted = true;
      log(`${signal}: stopping after the configuration under way`);
    });

  const dir = mkdtempSync(path.join(tmpdir(), 'svc-bench-scale-build-'));
  try {
    log(`generating ${values.people} people / ${values.companies} companies`);
    await generateDataset({
      people: Number(values.people),
      companies: Number(values.companies),
      seed: 7,
      outDir: dir,
      buildVersion: BUILD,
      workers: 0,
    });
    for (const [i, target] of targets.entries()) {
      if (aborted) break;
      const tag = `bench_scale_${stamp}_${i}`;
      const env = {
        ...process.env,
        LOG_LEVEL: 'warn',
        DATABASE_SCHEMA: tag,
        OPENSEARCH_URL: target.opensearch,
        OPENSEARCH_INDEX_PREFIX: `${tag}_`,
        NATS_URL: target.nats,
        NATS_SUBJECT_PREFIX: tag,
        REDIS_URL: redisUrl,
        RATE_LIMIT_KEY_PREFIX: `${tag}:rl:`,
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
      };
      const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
      const db = createDataSource(config.database, { applicationName: 'svc-bench-scale' });
      const os = createOpenSearchClient(config.opensearch, 300_000);
      try {
        await runMigrations(db);
        if (!db.isInitialized) await db.initialize();
        const t = Date.now();
        await loadBuild(db, os, config.opensearch, { dir });
        // A target that fails (a node gone mid-run) is reported; the next one still runs.
        log(`${target.name}: loaded into ${tag} in ${(Date.now() - t) / 1000} s`);
        const { key, remove } = await createBenchKey(db);
        try {
          // Rounds alternate the configurations, so a neighbour's burst does not land on one of them only.
          for (let round = 1; round <= Number(values.rounds); round++)
            for (const c of configs) {
              if (aborted) break;
              try {
                runs.push({ ...(await measure(target, c, env, key, cores, values)), round });
              } catch (error) {
                log(`${target.name} ${c.gateways}x${c.workers}: ${(error as Error).message}`);
                failures.push({
                  target: target.name,
                  config: `${c.gateways}x${c.workers}`,
                  error: (error as Error).message,
                });
              }
            }
        } finally {
          await remove();
        }
      } catch (error) {
        log(`${target.name}: ${(error as Error).message}`);
        failures.push({ target: target.name, error: (error as Error).message });
      } finally {
        await os.indices
          .delete({ index: `${tag}_*`, expand_wildcards: 'all' })
          .catch((e: Error) => log(`indices: ${e.message}`));
        await os.close();
        if (db.isInitialized) {
          await db
            .query(`DROP SCHEMA IF EXISTS ${quoteIdent(tag)} CASCADE`)
            .catch((e: Error) => log(`schema: ${e.message}`));
          await db.destroy();
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report.finished = { at: new Date().toISOString(), loadavg: loadavg() };
  report.bounds = runs.map((r) => ({
    target: r.target,
    config: `${r.gateways}x${r.workers}`,
    round: r.round,
    ...boundOf(r, cores),
  }));
  writeFileSync(values.out!, `${JSON.stringify(report, null, 1)}\n`);
  process.stdout.write(`${formatTable(runs, cores)}\n`);
  if (failures.length) process.stdout.write(`\nfailed: ${JSON.stringify(failures, null, 1)}\n`);
}

async function measure(
  target: Target,
  c: { gateways: number; workers: number },
  env: NodeJS.ProcessEnv,
  key: string,
  cores: number,
  values: { duration?: string; warmup?: string; connections?: string },
): Promise<ConfigRun> {
  const port = await freePort();
  log(`${target.name}: ${c.gateways} gateway process(es) × ${c.workers} search worker(s) on :${port}`);
  const topology = await startTopology(c.gateways, c.workers, port, env);
  try {
    const url = `http://127.0.0.1:${port}/person/search`;
    for (const query of QUERIES) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ query, limit: 10 }),
      });
      if (!res.ok) throw new Error(`smoke search answered ${res.status}: ${await res.text()}`);
    }
    const groups: Groups = {
      gateway: topology.gatewayPids,
      search: () => topology.searchWorkers,
      opensearch: () => listeningPids(portsOf(target.opensearch, 9200)),
      postgres: () => pidsByComm('postgres'),
      nats: () => listeningPids(portsOf(target.nats, 4222)),
      redis: () => listeningPids(portsOf(env.REDIS_URL!, 6379)),
    };
    const before = { loadavg: loadavg(), cpu: snapshot(groups) };
    const { result, end } = await runCannon(
      {
        url,
        key,
        bodies: QUERIES.map((query) => ({ query, limit: 10 })),
        connections: Number(values.connections),
        warmup: Number(values.warmup),
        seconds: Number(values.duration),
      },
      () => {
        before.loadavg = loadavg();
        before.cpu = snapshot(groups);
      },
      () => snapshot(groups),
    );
    const cpu = cpuBetween(before.cpu, end);
    const wall = (end.at - before.cpu.at) / 1000;
    const run: ConfigRun = {
      target: target.name,
      gateways: c.gateways,
      workers: c.workers,
      cannon: result,
      cpuSeconds: {
        ...(cpu as Record<Group, number>),
        loadgen: Math.round(result.loadgenCpuSeconds * 100) / 100,
      },
      machineBusyCores: (end.machine.busy - before.cpu.machine.busy) / wall,
      loadavg: { before: before.loadavg, after: loadavg() },
      others: others(new Set([process.pid, ...topology.gatewayPids(), ...topology.searchWorkers])),
    };
    const b = boundOf(run, cores);
    log(
      `  ${Math.round(result.ok / result.seconds)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; bound ${b.bound} (${b.limitedBy}); CPU ms/req ${JSON.stringify(b.cpuMsPerRequest)}`,
    );
    return run;
  } finally {
    await topology.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
