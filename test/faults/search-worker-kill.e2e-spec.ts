import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { balanceOf, createTestEnvironment, TestEnvironment } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack } from '../search/harness';
import { expectOnly200Or503, summarize, loadLoops } from './servers';

const WORKER_MAIN = path.resolve(__dirname, '..', '..', 'dist', 'apps', 'search', 'src', 'main.js');

/**
 * Two search workers in the `search` queue group (one in-process, one child process from
 * dist/): SIGKILL the child during searches. The in-process one keeps answering; only requests
 * the dead worker had already taken may get 503 (after the NATS request timeout), and the
 * credits charged are exactly the matches delivered in 200 responses.
 */
describe('faults: a search worker SIGKILLed under load', () => {
  const NATS_TIMEOUT_MS = 2000;
  const LOOPS = 4;
  const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
  let env: TestEnvironment;
  let stack: SearchStack;
  let child: ChildProcess;

  const balance = () => balanceOf(env.db.dataSource, stack.teamId);

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run \`npm run build\` first`);
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
      RATE_LIMIT_DEFAULT_PER_MINUTE: '100000',
    });
    await loadTestBuilds(env, { people: 40, companies: 8, seed: 9 });
    stack = await startSearchStack(env, { name: 'worker-kill', credits: 1_000_000, tier: 'standard' });
    const c = env.config;
    child = spawn(process.execPath, [WORKER_MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'info',
        NATS_URL: c.nats.url,
        NATS_SUBJECT_PREFIX: c.nats.subjectPrefix,
        NATS_REQUEST_TIMEOUT_MS: String(NATS_TIMEOUT_MS),
        DATABASE_URL: c.database.url,
        DATABASE_SCHEMA: c.database.schema,
        OPENSEARCH_URL: c.opensearch.url,
        OPENSEARCH_INDEX_PREFIX: c.opensearch.indexPrefix,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('child search worker not ready within 20 s')), 20_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.includes('search worker ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`child search worker exited with ${code}`)));
    });
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack?.close().catch(() => undefined);
    await env?.cleanup();
  });

  it('keeps answering from the surviving worker; only requests in flight on the dead one get 503', async () => {
    const before = await balance();
    const t0 = Date.now();
    const load = loadLoops(LOOPS, () => stack.post('/person/search', { query, limit: 5 }), t0);
    const { outcomes } = load;
    await new Promise((r) => setTimeout(r, 2000));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    const killed = Date.now() - t0;
    await exited;
    const exitedAt = Date.now() - t0;
    await new Promise((r) => setTimeout(r, NATS_TIMEOUT_MS + 3000));
    await load.stop();

    const s = summarize(outcomes, killed);
    const failed = outcomes.filter((o) => o.status !== 200);
    const figures = { ...s, killedAt: killed, exitedAt, failedStartedAt: failed.map((o) => o.at - o.ms) };
    if (process.env.FAULT_FIGURES) console.log(`search-worker-kill figures: ${JSON.stringify(figures)}`);

    expectOnly200Or503(outcomes);
    // Only requests handed to the dead worker before nats-server saw its connection close: at most
    // one per loop (each then waits out the NATS timeout), all sent by the time the child was reaped
    // (plus slack for nats-server to drop its subscription on two busy cores).
    expect(failed.length).toBeLessThanOrEqual(LOOPS);
    for (const o of failed) expect(o.at - o.ms).toBeLessThanOrEqual(exitedAt + 500);
    expect(s.maxMs).toBeLessThan(NATS_TIMEOUT_MS + 1500);
    // The survivor kept answering.
    const afterKill = outcomes.filter((o) => o.at - o.ms > exitedAt + 500);
    expect(afterKill.length).toBeGreaterThan(20);
    expect(afterKill.every((o) => o.status === 200)).toBe(true);

    const delivered = outcomes.reduce((n, o) => n + o.matches, 0);
    expect(delivered).toBeGreaterThan(0);
    expect(outcomes.reduce((n, o) => n + o.charged, 0)).toBe(delivered);
    const [ledger] = await env.db.dataSource.query(
      `SELECT COALESCE(-SUM(delta), 0) AS charged FROM credit_ledger WHERE team_id = $1 AND reason = 'match'`,
      [stack.teamId],
    );
    expect(Number(ledger.charged)).toBe(delivered);
    expect(await balance()).toBe(before - delivered);
  }, 55_000);
});
