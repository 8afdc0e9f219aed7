/**
 * Soak: a fixed-rate mix of enrich / search / utilities for --duration seconds against the
 * built services as deployed (dist/): one gateway primary with GATEWAY_WORKERS=2 on one port
 * (Redis shares rate-limit counters) and two search workers (`dist/apps/search/src/main.js`
 * twice, one NATS queue group), over a small generated build loaded into a schema, OpenSearch
 * index prefix and NATS subject prefix of its own. Halfway through: a rolling restart of one
 * gateway worker (SIGTERM, wait for its exit, the primary forks a replacement) and, 30 s later,
 * of one search worker (SIGTERM, wait for exit, spawn a new one). See RESULTS.md.
 *
 *   npm run build && npm run build:bench
 *   REDIS_URL=redis://127.0.0.1:6379 node dist/bench/soak/run.js [--duration 600] [--rate 150]
 *     [--connections 16] [--people 20000] [--companies 5000] [--out bench/soak/last-run.json] [--keep]
 *
 * Records per second: 2xx / non-2xx / socket errors and latency; every 10 s the RSS of every
 * process (gateway primary and workers, search workers) with the load average and the busiest
 * other processes; at the end a ledger check (sum of the team's credit_ledger deltas against
 * its balance change). Drops schema, indices and team at the end unless --keep.
 *
 * This file runs the steps in order; processes.ts starts, samples and restarts the processes,
 * requests.ts holds the mix, cannon.ts the load, ledger.ts the money check, figures.ts the report.
 */
import 'reflect-metadata';
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@app/config';
import { createOpenSearchClient } from '@app/search-index';
import { createDataSource, insertApiKey, insertTeam, quoteIdent, runMigrations } from '@app/store';
import { freePort } from '@app/testing';
import { generateDataset } from '../../apps/cli/src/data-builds/generator';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { runCannon } from './cannon';
import { figures, SoakEvent } from './figures';
import { creditsBalance, ledgerCheck } from './ledger';
import { GATEWAY_MAIN, others, rollingRestart, sample, SEARCH_MAIN, startProcesses } from './processes';
import { enrichBodies, requestMix, smoke } from './requests';

const BUILD = '1.0.0_2026-11-21';
const log = (text: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${text}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '600' },
      rate: { type: 'string', default: '150' },
      connections: { type: 'string', default: '16' },
      people: { type: 'string', default: '20000' },
      companies: { type: 'string', default: '5000' },
      out: { type: 'string', default: 'bench/soak/last-run.json' },
      keep: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.duration);
  const rate = Number(values.rate);
  if (!process.env.REDIS_URL)
    throw new Error('REDIS_URL is required (GATEWAY_WORKERS=2 shares rate limits in Redis)');
  for (const f of [GATEWAY_MAIN, SEARCH_MAIN])
    if (!existsSync(f)) throw new Error(`${f} missing: npm run build && npm run build:bench`);

  const tag = `bench_soak_${Date.now().toString(36)}`;
  const natsPrefix = `${tag}_${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATABASE_SCHEMA: tag,
    OPENSEARCH_INDEX_PREFIX: `${tag}_`,
    NATS_SUBJECT_PREFIX: natsPrefix,
  });
  const db = createDataSource(config.database, { applicationName: 'svc-bench-soak' });
  const children: ChildProcess[] = [];
  const report: Record<string, unknown> = {
    schema: tag,
    nats_prefix: natsPrefix,
    seconds,
    rate,
    connections: Number(values.connections),
    machine_start: { loadavg: loadavg(), others: others(new Set([process.pid])) },
  };
  const cleanup = async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    const until = Date.now() + 15_000;
    while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < until)
      await sleep(200);
    if (!values.keep) {
      const os = createOpenSearchClient(config.opensearch);
      await os.indices
        .delete({ index: `${tag}_*`, expand_wildcards: 'all' })
        .catch((e: Error) => log(`indices: ${e.message}`));
      await os.close();
      if (db.isInitialized)
        await db
          .query(`DROP SCHEMA IF EXISTS ${quoteIdent(tag)} CASCADE`)
          .catch((e: Error) => log(`schema: ${e.message}`));
      log(`dropped schema ${tag} and indices ${tag}_*`);
    } else log(`kept schema ${tag} and indices ${tag}_*`);
    if (db.isInitialized) await db.destroy();
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    // 1. Build: generate, load into the schema of our own.
    await runMigrations(db);
    if (!db.isInitialized) await db.initialize();
    const dir = mkdtempSync(path.join(tmpdir(), 'svc-bench-soak-'));
    let bodies: object[];
    try {
      const t = Date.now();
      log(`generating ${values.people} people / ${values.companies} companies into ${tag}`);
      await generateDataset({
        people: Number(values.people),
        companies: Number(values.companies),
        seed: 7,
        outDir: dir,
        buildVersion: BUILD,
        workers: 0,
      });
      const os = createOpenSearchClient(config.opensearch, 300000);
      try {
        const loaded = await loadBuild(db, os, config.opensearch, { dir });
        report.load = { ...loaded, problems: undefined, seconds: (Date.now() - t) / 1000 };
      } finally {
        await os.close();
      }
      bodies = await enrichBodies(path.join(dir, 'people.jsonl'), 400);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    log(`loaded: ${JSON.stringify(report.load)}`);

    // 2. Team and key (ledger gets the grant row), rate limits out of the way but counted in Redis.
    const team = await insertTeam(db, {
      name: tag,
      credits: 100_000_000,
      tier: 'enterprise',
      contractEnd: null,
    });
    const { apiKey } = await insertApiKey(db, team.id, null);
    const balanceBefore = await creditsBalance(db, team.id);

    // 3. Processes from dist/.
    const port = await freePort();
    const procs = await startProcesses(config, port, natsPrefix, children);
    const base = `http://127.0.0.1:${port}`;
    const requests = requestMix(bodies);
    // Smoke: every kind of request answers before the clock starts.
    await smoke(base, apiKey, requests, log);
    const afterSmoke = await creditsBalance(db, team.id);

    // 4. Load, sampler, rolling restart.
    const cannon = runCannon({
      base,
      apiKey,
      connections: values.connections,
      rate,
      seconds,
      requests,
    });
    const t0 = Date.now();
    const events: SoakEvent[] = [];
    const event = (what: string) => {
      events.push({ t: Math.round((Date.now() - t0) / 100) / 10, what });
      log(`t=${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);
    };
    const samples: Array<Record<string, unknown>> = [];
    let done = false;
    const sampler = (async () => {
      while (!done) {
        samples.push(sample(procs, t0));
        await sleep(10_000);
      }
    })();
    const restart = rollingRestart(procs, seconds, event);
    const out = await cannon;
    done = true;
    await sampler;
    await restart;

    // 5. Ledger check.
    report.ledger = await ledgerCheck(db, team.id, balanceBefore, afterSmoke);

    // 6. Figures.
    Object.assign(report, figures(out, samples, events, seconds, t0));
    report.samples = samples;
    report.machine_end = { loadavg: loadavg() };
    writeFileSync(values.out!, `${JSON.stringify(report, null, 1)}\n`);
    log(`wrote ${values.out}`);
    process.stdout.write(
      `${JSON.stringify({ totals: report.totals, ledger: report.ledger, events: report.events, windows: report.windows, bad: report.per_second_bad }, null, 1)}\n`,
    );
    await db.query('DELETE FROM teams WHERE id = $1', [team.id]).catch(() => undefined);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
