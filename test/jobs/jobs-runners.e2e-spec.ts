import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { killIfRunning, signalAndReap, spawnAppProcess } from '../faults/child-worker';
import { jobsHarness, type JobsHarness, type ResultLine } from './harness';

const RUNNER_MAIN = path.resolve(
  __dirname,
  '..',
  '..',
  'dist',
  'apps',
  'gateway',
  'src',
  'job-runner-main.js',
);
/** Short, so a killed runner's chunk is handed on within seconds. */
const ACK_WAIT_MS = '3000';

/**
 * Runners as their own processes (`npm run jobs`), the gateway running none: several share one
 * job, and one killed mid-job loses and double-bills nothing.
 */
describe('job runners', () => {
  let h: JobsHarness;
  const children: ChildProcess[] = [];
  const spawnRunner = async () => {
    const child = await spawnAppProcess(RUNNER_MAIN, 'job runner ready', h.env, {
      JOB_CHUNK_ACK_WAIT_MS: ACK_WAIT_MS,
      JOB_RUNNER_CONCURRENCY: '1',
      JOB_SWEEP_INTERVAL_MS: '500',
    });
    children.push(child);
    return child;
  };
  const withoutIndex = ({ index: _, ...rest }: ResultLine) => rest;
  const requests = (n: number) => {
    const people = h.people.filter((p) => p.emails.length > 0);
    return Array.from({ length: n }, (_, i) =>
      i % 4 === 3
        ? { email: `absent-${i}@nowhere.example`, metadata: { i } }
        : { email: people[i % people.length].emails[0].address, metadata: { i } },
    );
  };
  /** What the ledger charged for a job: its rows carry the job id as their request id. */
  const ledger = async (jobId: string) => {
    const [row] = await h.sql<{ n: string; rows: string }>(
      `SELECT coalesce(-sum(delta), 0) AS n, count(*) AS rows FROM credit_ledger WHERE request_id = $1`,
      [jobId],
    );
    return { credits: Number(row.n), rows: Number(row.rows) };
  };

  beforeAll(async () => {
    h = await jobsHarness({
      people: 800,
      companies: 60,
      env: { JOB_RUNNER: 'off', JOB_CHUNK_ACK_WAIT_MS: ACK_WAIT_MS },
    });
  }, 240000);
  afterEach(() => {
    for (const c of children.splice(0)) killIfRunning(c);
  });
  afterAll(async () => h?.close());

  it('two runners split one job', async () => {
    await Promise.all([spawnRunner(), spawnRunner()]);
    const res = await h.createJob('/person/enrich/jobs', { requests: requests(2000) });
    expect(res.statusCode).toBe(202);
    const job = await h.waitFor(res.json().id);
    expect(job.status).toBe('completed');
    const runners = await h.sql<{ claimed_by: string; n: number }>(
      `SELECT claimed_by, count(*)::int AS n FROM enrichment_job_chunks WHERE job_id = $1 GROUP BY 1`,
      [job.id],
    );
    expect(runners).toHaveLength(2);
    expect(runners.reduce((n, r) => n + r.n, 0)).toBe(20);
    const lines = await h.results(job.id);
    expect(lines.map((l) => l.index)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  }, 180000);

  it('a runner SIGKILLed mid-job: another resumes it, no item lost, none billed twice', async () => {
    const first = await spawnRunner();
    const items = requests(3000);
    const before = await h.balance();
    const res = await h.createJob('/person/enrich/jobs', { requests: items });
    const id = res.json().id as string;
    const midway = await h.waitFor(id, (j) => j.counts.done >= 300, 120_000);
    expect(midway.counts.done).toBeLessThan(3000);
    await signalAndReap(first, 'SIGKILL', Date.now());
    // The chunk the killed runner held is leased to it no more than the ack wait.
    const stalled = await h.job(id);
    await spawnRunner();
    const job = await h.waitFor(id, undefined, 180_000);
    expect(job.status).toBe('completed');
    expect(job.counts.done).toBeGreaterThanOrEqual(stalled.counts.done);

    const lines = await h.results(id);
    expect(lines.map((l) => l.index)).toEqual(items.map((_, i) => i));
    expect(lines.map(withoutIndex)).toEqual(await h.syncResults('/person/enrich/bulk', items));
    const matches = lines.reduce((n, l) => n + (l.matches?.length ?? 0), 0);
    expect(job.credits_charged).toBe(matches);
    const charged = await ledger(id);
    expect(charged.credits).toBe(matches);
    // One ledger row per chunk with matches: a chunk charged twice would show two.
    const [{ n: chunksWithMatches }] = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrichment_job_results WHERE job_id = $1`,
      [id],
    );
    expect(charged.rows).toBe(chunksWithMatches);
    // The job's charges and the comparison's synchronous ones, nothing else.
    expect(await h.balance()).toBe(before - 2 * matches);
  }, 300000);
});
