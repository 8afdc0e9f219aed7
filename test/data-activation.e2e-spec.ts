import { Client } from '@opensearch-project/opensearch';
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Entity } from '@app/contracts';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { aliasName, aliasTargets, createOpenSearchClient, listIndices } from '@app/search-index';
import { appProcessEnv, createTestEnvironment, freePort, TestEnvironment } from '@app/testing';
import { dropBuild } from '../apps/cli/src/data-builds/builds';
import { ACTIVATION_STEPS, ActivationStep } from '../apps/cli/src/data-builds/activation/steps';
import { LineProblem, loadBuild, LoadOptions } from '../apps/cli/src/data-builds/loader/loader';
import { QualityGateError } from '../apps/cli/src/data-builds/loader/quality-gate';
import { killIfRunning, signalAndReap, spawnSearchWorker } from './faults/child-worker';

const CLI = join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');
/** A CLI load of a few dozen records takes seconds; on a busy 2-core box, several times that. */
const CLI_MS = 90_000;
/** A booted worker's first pass runs at once; its bounded waits (3 s connect, 30 s OpenSearch) cap it. */
const WORKER_RECONCILE_MS = 40_000;

const people = (n: number) => Array.from({ length: n }, () => ({ ...personFixture(), svc_id: randomUUID() }));
const companies = (n: number) =>
  Array.from({ length: n }, () => ({ ...companyFixture(), svc_id: randomUUID() }));
const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

interface CliRun {
  child: ChildProcess;
  /** Resolves when the loader says it paused before the step asked for. */
  paused: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/**
 * Activation across the two stores (docs/data-builds.md, "Activation"). The active build row in
 * Postgres is the source of truth: enrichment reads it (ActiveBuilds), search reads the aliases,
 * which follow it. A loader SIGKILLed before each step of its switch-over leaves either one
 * build served by both stores, or (killed between its commit and its alias swap) the aliases a
 * step behind until the next load or a search worker's boot points them; a missing file keeps
 * that entity; a much smaller build is refused; a control character rejects its line alone.
 */
describe('data:load activation across Postgres and OpenSearch', () => {
  let env: TestEnvironment;
  let os: Client;
  const dirs: string[] = [];
  const workers: ChildProcess[] = [];

  const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
  const alias = (entity: Entity) => aliasName(env.config.opensearch, entity, 'live');
  const load = (opts: LoadOptions) => loadBuild(env.db.dataSource, os, env.config.opensearch, opts);

  function dataDir(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'svc-activation-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return dir;
  }
  const folder = (p: number, c: number) =>
    dataDir({ 'people.jsonl': jsonl(people(p)), 'companies.jsonl': jsonl(companies(c)) });

  /** data:load as its own process; with `pauseAt` it stops before that step (LOADER_PAUSE_AT, for tests). */
  function cliLoad(args: string[], pauseAt?: ActivationStep): CliRun {
    const child = spawn(process.execPath, [CLI, 'data:load', ...args], {
      env: appProcessEnv(env.config, {
        LOG_LEVEL: 'silent',
        ...(pauseAt ? { LOADER_PAUSE_AT: pauseAt } : {}),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<Awaited<CliRun['exited']>>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
    );
    const paused = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no pause before ${pauseAt} within ${CLI_MS} ms`)),
        CLI_MS,
      );
      child.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (pauseAt && stderr.includes(`loader paused before ${pauseAt}\n`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`data:load exited without pausing before ${pauseAt}: ${stderr}`));
      });
    });
    paused.catch(() => undefined);
    return { child, paused, exited };
  }

  /** Loads `dir` as `build` and SIGKILLs the loader once it stands before `step`. */
  async function killBefore(step: ActivationStep, dir: string, build: string): Promise<void> {
    const run = cliLoad([dir, '--build', build], step);
    try {
      await run.paused;
    } finally {
      run.child.kill('SIGKILL');
    }
    expect((await run.exited).signal).toBe('SIGKILL');
  }

  /** What each store serves: the active row (enrichment's build) and the records behind each alias (search's). */
  async function served() {
    const [row] = await sql<{ id: string; person_count: number; company_count: number }>(
      `SELECT id, person_count, company_count FROM builds WHERE is_active AND NOT is_sandbox`,
    );
    const searched = async (entity: Entity) => {
      const res = await os.search({ index: alias(entity), body: { size: 1000, _source: false } });
      return (res.body.hits.hits as { _id: string }[]).map((h) => h._id).sort();
    };
    const enriched = async (table: string) =>
      (await sql<{ svc_id: string }>(`SELECT svc_id FROM ${table} WHERE build_id = $1`, [row.id]))
        .map((r) => r.svc_id)
        .sort();
    return {
      row,
      aliases: {
        person: await aliasTargets(os, alias('person')),
        company: await aliasTargets(os, alias('company')),
      },
      search: { person: await searched('person'), company: await searched('company') },
      enrichment: { person: await enriched('person_records'), company: await enriched('company_records') },
    };
  }

  /** Both stores serve `build`: each alias is on one index of it, and search holds exactly enrichment's records. */
  async function expectServing(build: string) {
    const s = await served();
    expect(s.row.id).toBe(build);
    const ofBuild = (base: string) => [expect.stringContaining(`${base}_live_${build}_`)];
    expect(s.aliases).toEqual({ person: ofBuild('people'), company: ofBuild('companies') });
    expect(s.search).toEqual(s.enrichment);
    expect([s.search.person.length, s.search.company.length]).toEqual([
      s.row.person_count,
      s.row.company_count,
    ]);
    return s;
  }

  /** A search worker booting (a process of its own, from dist/) brings the stores to `build` within its bound. */
  async function bootWorkerAndExpect(build: string) {
    const worker = await spawnSearchWorker(env);
    workers.push(worker);
    try {
      const deadline = Date.now() + WORKER_RECONCILE_MS;
      for (;;) {
        try {
          return await expectServing(build);
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await sleep(200);
        }
      }
    } finally {
      await signalAndReap(worker, 'SIGTERM', Date.now());
    }
  }

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
    env = await createTestEnvironment();
    os = createOpenSearchClient(env.config.opensearch);
    await load({ dir: folder(20, 5), buildId: '1.0.0_2026-12-01' });
    await expectServing('1.0.0_2026-12-01');
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) killIfRunning(w);
    await os?.close();
    await env?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each(ACTIVATION_STEPS.map((step, i) => [step, `1.1.${i}_2026-12-02`]))(
    'a loader SIGKILLed before %s leaves one build serving (or the aliases one step behind), and a search worker booting settles both stores on it',
    async (step, build) => {
      const before = await served();
      await killBefore(step, folder(20, 5), build);
      // Before the commit Postgres rolled back (the killed connection's transaction): the old build.
      const expected = step === 'activate' || step === 'commit' ? before.row.id : build;
      if (step === 'swap') {
        // Committed, not swapped: enrichment serves the new build, search still the old one.
        const now = await served();
        expect(now.row.id).toBe(build);
        expect(now.aliases).toEqual(before.aliases);
        expect(now.search).toEqual(before.search);
      } else {
        await expectServing(expected);
      }
      await bootWorkerAndExpect(expected);
    },
    2 * CLI_MS + WORKER_RECONCILE_MS,
  );

  it(
    'a search worker boots while Postgres is unreachable, stays up, retries, and settles the aliases once it can',
    async () => {
      await killBefore('swap', folder(20, 5), '1.1.4_2026-12-02');
      const behind = await served();
      expect(behind.search).not.toEqual(behind.enrichment);
      // Postgres through a port nothing listens on yet; a proxy to the real one opens there later.
      const real = new URL(env.config.database.url);
      const port = await freePort();
      const url = new URL(env.config.database.url);
      url.port = String(port);
      const worker = await spawnSearchWorker(env, { DATABASE_URL: url.toString() });
      workers.push(worker);
      let logs = '';
      worker.stdout!.on('data', (d: Buffer) => (logs += d.toString()));
      const sockets = new Set<Socket>();
      const proxy = createServer((client) => {
        const upstream = connect(Number(real.port || 5432), real.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      try {
        const deadline = Date.now() + WORKER_RECONCILE_MS;
        while (!logs.includes('could not check the build aliases against Postgres (retrying)')) {
          if (Date.now() > deadline) throw new Error(`no retry logged: ${logs}`);
          await sleep(100);
        }
        expect(worker.exitCode).toBeNull();
        expect(await served()).toEqual(behind);
        await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
        for (;;) {
          try {
            await expectServing('1.1.4_2026-12-02');
            break;
          } catch (error) {
            if (Date.now() > deadline) throw error;
            await sleep(200);
          }
        }
      } finally {
        await signalAndReap(worker, 'SIGTERM', Date.now());
        for (const s of sockets) s.destroy();
        await new Promise((resolve) => proxy.close(resolve));
      }
    },
    CLI_MS + WORKER_RECONCILE_MS,
  );

  it(
    'the next load points the aliases at the active build before anything else, and removes what killed loads left',
    async () => {
      await killBefore('swap', folder(20, 5), '1.2.0_2026-12-03');
      // A load the gate refuses changes nothing of its own; what it settles at its start stays settled.
      const refused = await cliLoad([folder(2, 5), '--build', '1.2.1_2026-12-03']).exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /note: the live aliases did not point at the indices of build 1\.2\.0_2026-12-03, the active one/,
      );
      expect(refused.stderr).toMatch(
        /error: build 1\.2\.1_2026-12-03 was not activated: people would shrink from 20 served to 2 \(90 %\), above --max-shrink 10 %/,
      );
      expect(refused.stderr).toMatch(/load it again with --max-shrink 100/);
      await expectServing('1.2.0_2026-12-03');
      // Loads killed before their commit left indices and no row; each index now belongs to a build row.
      const recorded = await sql<{ i: string }>(
        `SELECT unnest(ARRAY[person_index, company_index]) AS i FROM builds WHERE person_index IS NOT NULL`,
      );
      const indices = await listIndices(os, `${env.config.opensearch.indexPrefix}*`);
      expect(indices.filter((i) => !i.startsWith('.')).sort()).toEqual(recorded.map((r) => r.i).sort());
      expect(await sql(`SELECT id FROM builds WHERE id IN ('1.1.0_2026-12-02', '1.1.1_2026-12-02')`)).toEqual(
        [],
      );
    },
    3 * CLI_MS,
  );

  it(
    'a folder without companies.jsonl keeps the companies serving (and says so); one without people.jsonl keeps the people',
    async () => {
      const before = await expectServing('1.2.0_2026-12-03');
      const run = await cliLoad([
        dataDir({ 'people.jsonl': jsonl(people(20)) }),
        '--build',
        '1.3.0_2026-12-04',
      ]).exited;
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(
        /note: .* has no companies\.jsonl: the build keeps the 5 companies of build 1\.2\.0_2026-12-03, which served them until now/,
      );
      expect(JSON.parse(run.stdout).companies).toMatchObject({
        file: null,
        loaded: 0,
        kept: 5,
        kept_from: '1.2.0_2026-12-03',
      });
      const after = await expectServing('1.3.0_2026-12-04');
      expect(after.enrichment.company).toEqual(before.enrichment.company);
      expect(after.enrichment.person).not.toEqual(before.enrichment.person);
      // Enrichment's company keys came along.
      const keys = async (build: string) =>
        (
          await sql<{ n: number }>(`SELECT count(*)::int n FROM company_match_keys WHERE build_id = $1`, [
            build,
          ])
        )[0].n;
      expect(await keys('1.3.0_2026-12-04')).toBe(await keys('1.2.0_2026-12-03'));
      expect(await keys('1.3.0_2026-12-04')).toBeGreaterThan(0);
      // The build owns what it kept: dropping the one it came from takes nothing away.
      await dropBuild(env.db.dataSource, os, env.config.opensearch, '1.2.0_2026-12-03');
      await expectServing('1.3.0_2026-12-04');

      const notes: string[] = [];
      const report = await load({
        dir: dataDir({ 'companies.jsonl': jsonl(companies(5)) }),
        buildId: '1.3.1_2026-12-04',
        onNote: (n) => notes.push(n),
      });
      expect(report.people).toMatchObject({ loaded: 0, kept: 20, kept_from: '1.3.0_2026-12-04' });
      expect(notes).toEqual([
        expect.stringMatching(/has no people\.jsonl: the build keeps the 20 people of build 1\.3\.0/),
      ]);
      const last = await expectServing('1.3.1_2026-12-04');
      expect(last.enrichment.person).toEqual(after.enrichment.person);
      // Re-loading the serving build without a file keeps that entity's own records.
      await load({ dir: dataDir({ 'companies.jsonl': jsonl(companies(5)) }), buildId: '1.3.1_2026-12-04' });
      expect((await expectServing('1.3.1_2026-12-04')).enrichment.person).toEqual(after.enrichment.person);
    },
    2 * CLI_MS,
  );

  it('refuses a build serving more than --max-shrink percent fewer people or companies, leaving the served one untouched', async () => {
    const before = await expectServing('1.3.1_2026-12-04');
    const truncated = dataDir({ 'people.jsonl': jsonl(people(5)), 'companies.jsonl': jsonl(companies(5)) });
    const error = await load({ dir: truncated, buildId: '1.4.0_2026-12-05' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QualityGateError);
    expect((error as Error).message).toMatch(
      /people would shrink from 20 served to 5 \(75 %\), above --max-shrink 10 %[\s\S]*nothing of this one was kept/,
    );
    // An empty file is not a missing one: it would empty the companies.
    const empty = dataDir({ 'people.jsonl': jsonl(people(20)), 'companies.jsonl': '' });
    await expect(load({ dir: empty, buildId: '1.4.1_2026-12-05' })).rejects.toThrow(
      /companies would shrink from 5 served to 0 \(100 %\)/,
    );
    expect(await expectServing('1.3.1_2026-12-04')).toEqual(before);
    expect(await listIndices(os, `${env.config.opensearch.indexPrefix}*_1.4.*`)).toEqual([]);
    expect(await sql(`SELECT id, status FROM builds WHERE id LIKE '1.4.%' ORDER BY id`)).toEqual([
      { id: '1.4.0_2026-12-05', status: 'failed' },
      { id: '1.4.1_2026-12-05', status: 'failed' },
    ]);
    // Asked for, it serves.
    await load({ dir: truncated, buildId: '1.4.0_2026-12-05', maxShrinkPercent: 100 });
    await expectServing('1.4.0_2026-12-05');
  }, 60_000);

  it('rejects a line with a control character (file:line: reason) and loads the rest', async () => {
    const person = personFixture();
    person.svc_id = randomUUID();
    person.headline!.raw = ['Senior\u0000Engineer'];
    const company = companyFixture();
    company.svc_id = randomUUID();
    company.description!.raw = ['search\u0000and reporting'];
    const dir = dataDir({
      'people.jsonl': jsonl([...people(10), person, ...people(10)]),
      'companies.jsonl': jsonl([company, ...companies(5)]),
    });
    const problems: LineProblem[] = [];
    const report = await load({
      dir,
      buildId: '1.5.0_2026-12-06',
      maxRejectedPercent: 10,
      onProblem: (p) => problems.push(p),
    });
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.reason}`)).toEqual([
      `${join(dir, 'companies.jsonl')}:1: description.raw[0]: contains the control character U+0000, which no text may hold`,
      `${join(dir, 'people.jsonl')}:11: headline.raw[0]: contains the control character U+0000, which no text may hold`,
    ]);
    expect([report.people.loaded, report.companies.loaded]).toEqual([20, 5]);
    await expectServing('1.5.0_2026-12-06');
  }, 60_000);
});
