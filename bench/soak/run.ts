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
 */
import 'reflect-metadata';
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { AppConfig, loadConfig } from '@app/config';
import type { PersonRecord } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { createDataSource, insertApiKey, insertTeam, quoteIdent, runMigrations } from '@app/store';
import { freePort, appProcessEnv } from '@app/testing';
import { generateDataset } from '../../apps/cli/src/data-builds/generator';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { busiestOthers, childrenOf, cpuSeconds, rssMb } from '../../scripts/processes';
import { RECONNECT_EVERY } from '../shared/autocannon';

const BUILD = '1.0.0_2026-11-21';
const DIST = path.resolve(__dirname, '../..');
const GATEWAY_MAIN = path.join(DIST, 'apps/gateway/src/main.js');
const SEARCH_MAIN = path.join(DIST, 'apps/search/src/main.js');
const log = (text: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${text}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const alive = (pid: number) => existsSync(`/proc/${pid}`);

function serviceEnv(config: AppConfig, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return appProcessEnv(config, {
    LOG_LEVEL: 'warn',
    // Passed through so a run can compare connection lifetimes (docs/reliability.md).
    ...(process.env.HTTP_MAX_REQUESTS_PER_CONNECTION
      ? { HTTP_MAX_REQUESTS_PER_CONNECTION: process.env.HTTP_MAX_REQUESTS_PER_CONNECTION }
      : {}),
    ...extra,
  });
}

/** Busiest processes on the box that are not ours (machine conditions next to every sample). */
const others = (ours: Set<number>): string => busiestOthers(ours, { minPercent: 5, most: 4 });

/** autocannon in a child process: fixed overall rate, per-second statuses, errors and latencies. */
const CANNON = `
const autocannon = require(process.env.AUTOCANNON);
const fs = require('fs');
const requests = JSON.parse(fs.readFileSync(process.env.REQUESTS, 'utf8'));
let lastPath = '?';
for (const r of requests) r.onResponse = () => { lastPath = r.path; };
const t0 = Date.now();
const sec = () => Math.floor((Date.now() - t0) / 1000);
const buckets = {};
const b = (s) => (buckets[s] ||= { ok: 0, statuses: {}, errors: {}, ms: [], byPath: {} });
const instance = autocannon({ url: process.env.URL, connections: Number(process.env.CONNECTIONS),
  overallRate: Number(process.env.RATE), duration: Number(process.env.SECONDS), timeout: 15,
  reconnectRate: Number(process.env.RECONNECT_EVERY),
  headers: { 'api-key': process.env.KEY, 'content-type': 'application/json' }, requests },
  (err, result) => {
    if (err) throw err;
    fs.writeFileSync(process.env.OUT, JSON.stringify({ t0, buckets, totals: { requests: result.requests.total,
      errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, resets: result.resets } }));
    process.exit(0);
  });
instance.on('response', (client, status, bytes, time) => {
  const x = b(sec());
  x.ms.push(Math.round(time * 10) / 10);
  (x.byPath[lastPath] ||= []).push(Math.round(time * 10) / 10);
  if (status >= 200 && status < 300) x.ok++;
  else x.statuses[status] = (x.statuses[status] || 0) + 1;
});
instance.on('reqError', (err) => { const x = b(sec()); const c = err.code || err.message; x.errors[c] = (x.errors[c] || 0) + 1; });
`;

interface Bucket {
  ok: number;
  statuses: Record<string, number>;
  errors: Record<string, number>;
  ms: number[];
  byPath: Record<string, number[]>;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function enrichBodies(file: string, n: number): Promise<object[]> {
  const email: object[] = [];
  const name: object[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const p = JSON.parse(line) as PersonRecord;
    if (email.length < n && p.emails[0]) email.push({ email: p.emails[0].address });
    if (name.length < n && p.city && p.company_name)
      name.push({ full_name: p.full_name, city: p.city, company: p.company_name });
    if (email.length >= n && name.length >= n) break;
  }
  lines.close();
  const out: object[] = [];
  for (let i = 0; i < Math.max(email.length, name.length); i++) {
    if (email[i]) out.push(email[i]);
    if (name[i]) out.push(name[i]);
  }
  return out;
}

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
    const balanceBefore = Number(
      (
        (await db.query('SELECT credits_balance FROM teams WHERE id = $1', [team.id])) as Array<{
          credits_balance: string;
        }>
      )[0].credits_balance,
    );

    // 3. Processes from dist/.
    const port = await freePort();
    const startSearch = () => {
      const c = spawn(process.execPath, [SEARCH_MAIN], {
        env: serviceEnv(config, { PORT: '0' }),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(c);
      return c;
    };
    const search = [startSearch(), startSearch()];
    const primary = spawn(process.execPath, ['--max-semi-space-size=64', GATEWAY_MAIN], {
      env: serviceEnv(config, {
        PORT: String(port),
        GATEWAY_WORKERS: '2',
        REDIS_URL: process.env.REDIS_URL,
        RATE_LIMIT_KEY_PREFIX: `${natsPrefix}:rl:`,
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(primary);
    const base = `http://127.0.0.1:${port}`;
    for (const until = Date.now() + 90_000; ;) {
      if (primary.exitCode !== null) throw new Error(`gateway exited with ${primary.exitCode}`);
      const up = await fetch(`${base}/openapi.json`).then(
        (r) => r.ok,
        () => false,
      );
      if (up && childrenOf(primary.pid!).length === 2) break;
      if (Date.now() > until) throw new Error('gateway workers not up within 90 s');
      await sleep(300);
    }
    await sleep(3000);
    // Smoke: every kind of request answers before the clock starts.
    const sqls = [
      `SELECT * FROM people WHERE city = 'san francisco' AND seniority_level = 'senior'`,
      `SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = 'new york'`,
      `SELECT * FROM people WHERE skills ILIKE '%python%'`,
    ];
    const cleanBodies = [
      { fields: { phone: '(415) 555-0173', company: 'Tessellate Cloud, Inc.', state: 'Calif.' } },
      { fields: { email: ' Jane.Doe+x@Example.COM ', country: 'UK' } },
    ];
    // A cycle of 120: 60 enrich, 36 search, 23 clean, 1 hash (hash_email is fixed at 100/min per key).
    const requests: object[] = [];
    let e = 0;
    for (let i = 0; i < 120; i++) {
      const r = i % 10;
      if (i === 119)
        requests.push({
          method: 'POST',
          path: '/utility/hash/email',
          body: JSON.stringify({ email: `soak${i}@example.com` }),
        });
      else if (r < 5)
        requests.push({
          method: 'POST',
          path: '/person/enrich',
          body: JSON.stringify(bodies[e++ % bodies.length]),
        });
      else if (r < 8)
        requests.push({
          method: 'POST',
          path: '/person/search',
          body: JSON.stringify({ query: sqls[i % 3] }),
        });
      else
        requests.push({ method: 'POST', path: '/utility/clean', body: JSON.stringify(cleanBodies[i % 2]) });
    }
    for (const r of [requests[0], requests[5], requests[8], requests[119]] as Array<{
      path: string;
      body: string;
    }>) {
      const res = await fetch(base + r.path, {
        method: 'POST',
        headers: { 'api-key': apiKey, 'content-type': 'application/json' },
        body: r.body,
      });
      log(`smoke ${r.path}: ${res.status}`);
      if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${await res.text()}`);
    }
    const afterSmoke = Number(
      (
        (await db.query('SELECT credits_balance FROM teams WHERE id = $1', [team.id])) as Array<{
          credits_balance: string;
        }>
      )[0].credits_balance,
    );

    // 4. Load, sampler, rolling restart.
    const tmp = mkdtempSync(path.join(tmpdir(), 'svc-bench-soak-cannon-'));
    writeFileSync(path.join(tmp, 'requests.json'), JSON.stringify(requests));
    const outFile = path.join(tmp, 'out.json');
    const cannon = new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        ['-e', CANNON],
        {
          env: {
            PATH: process.env.PATH ?? '',
            AUTOCANNON: require.resolve('autocannon'),
            REQUESTS: path.join(tmp, 'requests.json'),
            URL: base,
            KEY: apiKey,
            CONNECTIONS: values.connections,
            RECONNECT_EVERY: String(RECONNECT_EVERY),
            RATE: String(rate),
            SECONDS: String(seconds),
            OUT: outFile,
          },
          maxBuffer: 64 * 1024 * 1024,
        },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    const t0 = Date.now();
    const events: Array<{ t: number; what: string }> = [];
    const event = (what: string) => {
      events.push({ t: Math.round((Date.now() - t0) / 100) / 10, what });
      log(`t=${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);
    };
    const samples: Array<Record<string, unknown>> = [];
    let done = false;
    const sampler = (async () => {
      while (!done) {
        const gw = childrenOf(primary.pid!);
        const ours = new Set([process.pid, primary.pid!, ...gw, ...search.map((s) => s.pid!)]);
        samples.push({
          t: Math.round((Date.now() - t0) / 1000),
          loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
          rss_mb: {
            [`gw-primary:${primary.pid}`]: rssMb(primary.pid!),
            ...Object.fromEntries(gw.map((p) => [`gw-worker:${p}`, rssMb(p)])),
            ...Object.fromEntries(search.map((s) => [`search:${s.pid}`, rssMb(s.pid!)])),
          },
          cpu_s: Object.fromEntries(
            [primary.pid!, ...gw, ...search.map((x) => x.pid!)].map((p) => [p, cpuSeconds(p)]),
          ),
          others: others(ours),
        });
        await sleep(10_000);
      }
    })();
    const restart = (async () => {
      await sleep((seconds / 2) * 1000);
      const [victim] = childrenOf(primary.pid!);
      event(`SIGTERM gateway worker ${victim}`);
      process.kill(victim, 'SIGTERM');
      while (alive(victim)) await sleep(50);
      event(`gateway worker ${victim} exited`);
      for (;;) {
        const now = childrenOf(primary.pid!);
        if (now.length === 2 && !now.includes(victim)) {
          event(`replacement gateway worker forked by the primary (workers now ${now.join(',')})`);
          break;
        }
        await sleep(50);
      }
      await sleep(Math.min(30_000, (seconds / 10) * 1000));
      const old = search[0];
      event(`SIGTERM search worker ${old.pid}`);
      old.kill('SIGTERM');
      while (old.exitCode === null && old.signalCode === null) await sleep(50);
      event(`search worker ${old.pid} exited (code ${old.exitCode}, signal ${old.signalCode})`);
      search[0] = startSearch();
      event(`search worker ${search[0].pid} spawned`);
    })();
    await cannon;
    done = true;
    await sampler;
    await restart;
    const out = JSON.parse(readFileSync(outFile, 'utf8')) as {
      t0: number;
      buckets: Record<string, Bucket>;
      totals: Record<string, number>;
    };
    rmSync(tmp, { recursive: true, force: true });

    // 5. Ledger check.
    const [ledger] = (await db.query(
      `SELECT coalesce(sum(delta), 0)::bigint AS all_deltas,
              coalesce(sum(delta) FILTER (WHERE reason <> 'grant'), 0)::bigint AS charges,
              count(*) FILTER (WHERE reason = 'match')::int AS match_rows,
              count(*) FILTER (WHERE reason = 'refund')::int AS refund_rows,
              (SELECT credits_balance FROM teams WHERE id = $1)::bigint AS balance
         FROM credit_ledger WHERE team_id = $1`,
      [team.id],
    )) as Array<Record<string, string>>;
    const balanceAfter = Number(ledger.balance);
    report.ledger = {
      team_id: team.id,
      balance_before_run: balanceBefore,
      balance_after_smoke: afterSmoke,
      balance_after: balanceAfter,
      balance_change: balanceAfter - balanceBefore,
      sum_of_non_grant_deltas: Number(ledger.charges),
      sum_of_all_deltas: Number(ledger.all_deltas),
      match_rows: ledger.match_rows,
      refund_rows: ledger.refund_rows,
      ok:
        Number(ledger.charges) === balanceAfter - balanceBefore && Number(ledger.all_deltas) === balanceAfter,
    };

    // 6. Figures.
    const offset = (out.t0 - t0) / 1000;
    const secs = Object.keys(out.buckets)
      .map(Number)
      .sort((a, b) => a - b);
    const perSecond = secs.map((s) => {
      const x = out.buckets[s];
      return {
        s,
        ok: x.ok,
        non2xx: Object.values(x.statuses).reduce((a, b) => a + b, 0),
        errors: Object.values(x.errors).reduce((a, b) => a + b, 0),
        statuses: x.statuses,
        error_codes: x.errors,
        p50: pct(
          [...x.ms].sort((a, b) => a - b),
          50,
        ),
        p99: pct(
          [...x.ms].sort((a, b) => a - b),
          99,
        ),
      };
    });
    const windows: Array<Record<string, unknown>> = [];
    for (let w = 0; w < seconds; w += 30) {
      const ms = secs
        .filter((s) => s >= w && s < w + 30)
        .flatMap((s) => out.buckets[s].ms)
        .sort((a, b) => a - b);
      const load = samples
        .filter((x) => (x.t as number) >= w && (x.t as number) < w + 30)
        .map((x) => (x.loadavg as number[])[0]);
      const byPath: Record<string, { n: number; p50: number; p99: number }> = {};
      for (const s of secs.filter((x) => x >= w && x < w + 30))
        for (const [k, v] of Object.entries(out.buckets[s].byPath ?? {}))
          ((byPath[k] as unknown as number[][]) ??= []).push(v);
      for (const k of Object.keys(byPath)) {
        const all = (byPath[k] as unknown as number[][]).flat().sort((a, b) => a - b);
        byPath[k] = { n: all.length, p50: pct(all, 50), p99: pct(all, 99) };
      }
      windows.push({
        from: w,
        by_path: byPath,
        responses: ms.length,
        rps: Math.round((ms.length / Math.min(30, seconds - w)) * 10) / 10,
        p50: pct(ms, 50),
        p99: pct(ms, 99),
        max: ms[ms.length - 1],
        loadavg1: load,
      });
    }
    const statusTotals: Record<string, number> = {};
    const errorTotals: Record<string, number> = {};
    let ok = 0;
    for (const s of secs) {
      ok += out.buckets[s].ok;
      for (const [k, v] of Object.entries(out.buckets[s].statuses))
        statusTotals[k] = (statusTotals[k] ?? 0) + v;
      for (const [k, v] of Object.entries(out.buckets[s].errors)) errorTotals[k] = (errorTotals[k] ?? 0) + v;
    }
    report.totals = { ...out.totals, ok, statuses: statusTotals, errors: errorTotals };
    report.events = events.map((ev) => ({ ...ev, t_cannon: Math.round((ev.t - offset) * 10) / 10 }));
    report.windows = windows;
    report.per_second_bad = perSecond.filter((p) => p.non2xx + p.errors > 0);
    const r0 = Math.floor((events[0]?.t ?? seconds / 2) - offset);
    report.around_restart = perSecond.filter((p) => p.s >= r0 - 5 && p.s <= r0 + 45);
    report.samples = samples;
    report.machine_end = { loadavg: loadavg() };
    writeFileSync(values.out!, `${JSON.stringify(report, null, 1)}\n`);
    log(`wrote ${values.out}`);
    process.stdout.write(
      `${JSON.stringify({ totals: report.totals, ledger: report.ledger, events: report.events, windows, bad: report.per_second_bad }, null, 1)}\n`,
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
