import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { insertApiKey, revokeApiKey } from '@app/store';
import { seedTeam, uniqueName } from '@app/testing';
import { captureEnvCli } from '../cli/capture';
import { jobsHarness, type JobsHarness, type ResultLine } from './harness';

interface Delivery {
  path?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback (allowlisted for this suite) that answers from a script, then 200. */
function receiver() {
  const deliveries: Delivery[] = [];
  let script: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.statusCode = script.shift() ?? 200;
      deliveries[deliveries.length - 1].path = req.url ?? '';
      res.end();
    });
  });
  return {
    deliveries,
    answer: (statuses: number[]) => (script = [...statuses]),
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Charges as chunks complete, pausing at an empty balance and resuming after credits:add; signed webhooks. */
describe('job credits and webhooks', () => {
  let h: JobsHarness;
  const hooks = receiver();
  const withoutIndex = ({ index: _, ...rest }: ResultLine) => rest;
  const emailItems = (n: number) =>
    h.people
      .filter((p) => p.emails.length > 0)
      .slice(0, n)
      .map((p, i) => ({ email: p.emails[0].address, metadata: { i } }));
  const waitForDeliveries = async (pred: () => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pred()) {
      if (Date.now() > deadline) throw new Error(`deliveries: ${hooks.deliveries.length}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const secretOf = async (key: string) => {
    const res = await h.request({ method: 'POST', url: '/webhooks/secret', headers: { 'api-key': key } });
    expect(res.statusCode).toBe(201);
    return res.json<{ secret: string }>().secret;
  };

  beforeAll(async () => {
    await hooks.start();
    h = await jobsHarness({
      people: 800,
      companies: 60,
      env: {
        WEBHOOK_ALLOWLIST: '127.0.0.1',
        WEBHOOK_RETRY_SCHEDULE_MS: '0,300,300,300',
        JOB_SWEEP_INTERVAL_MS: '300',
      },
    });
  }, 240000);
  afterAll(async () => {
    await h?.close();
    await hooks.stop();
  });

  it('signs job.completed per Standard Webhooks, retries after two 500s under one webhook-id', async () => {
    const secret = await secretOf(h.team.key);
    hooks.answer([500, 500]);
    const url = hooks.url('/completed');
    const requests = emailItems(150);
    const res = await h.createJob('/person/enrich/jobs', { requests, webhook_url: url });
    expect(res.statusCode).toBe(202);
    const job = await h.waitFor(res.json().id);
    expect(job.status).toBe('completed');
    await waitForDeliveries(() => hooks.deliveries.length >= 3);
    const mine = hooks.deliveries;
    expect(mine).toHaveLength(3);
    const verifier = new Webhook(secret);
    const events = mine.map(
      (d) => verifier.verify(d.body, d.headers as Record<string, string>) as Record<string, unknown>,
    );
    expect(new Set(mine.map((d) => d.headers['webhook-id'])).size).toBe(1);
    expect(mine[0].headers['webhook-id']).toMatch(/^msg_/);
    expect(events[2]).toEqual({
      type: 'job.completed',
      timestamp: expect.any(String),
      data: { job_id: job.id, status: 'completed', counts: job.counts, credits_charged: job.credits_charged },
    });
    // A replay of a delivery still verifies, and carries the id the receiver has already seen.
    const replay = mine[2];
    expect(() => verifier.verify(replay.body, replay.headers as Record<string, string>)).not.toThrow();
    expect(mine.slice(0, 2).map((d) => d.headers['webhook-id'])).toContain(replay.headers['webhook-id']);
    // A tampered body does not verify.
    expect(() =>
      verifier.verify(replay.body.replace('completed', 'failed'), replay.headers as Record<string, string>),
    ).toThrow();
    // The worker records an attempt's outcome after the receiver has answered it: wait for it.
    const deliveryRow = async () =>
      (
        await h.sql<{ state: string; attempts: number }>(
          `SELECT state, attempts FROM webhook_deliveries WHERE message_id = $1`,
          [mine[0].headers['webhook-id']],
        )
      )[0];
    let row = await deliveryRow();
    for (let i = 0; i < 50 && row.state === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await deliveryRow();
    }
    expect(row).toEqual({ state: 'delivered', attempts: 3 });
  }, 120000);

  it("pauses at its key's daily cap without passing it, and resumes when the day turns", async () => {
    const team = await seedTeam(h.env.db.dataSource, { credits: 10_000 });
    await h.sql(`UPDATE api_keys SET daily_cap = 20 WHERE id = $1`, [team.keyId]);
    const spentToday = async () =>
      Number(
        (
          await h.sql<{ n: string }>(
            `SELECT CASE WHEN spend_day = (now() AT TIME ZONE 'UTC')::date THEN spend_day_credits ELSE 0 END AS n
               FROM api_keys WHERE id = $1`,
            [team.keyId],
          )
        )[0].n,
      );
    const res = await h.createJob('/person/enrich/jobs', { requests: emailItems(300) }, { key: team.key });
    expect(res.statusCode).toBe(202);
    const id = res.json().id as string;
    const first = await h.waitFor(id, (j) => j.status === 'paused_key_cap_reached', 60_000, team.key);
    expect(first.credits_charged).toBeGreaterThan(0);
    expect(first.credits_charged).toBeLessThanOrEqual(20);
    expect(await spentToday()).toBe(first.credits_charged);
    expect(await h.balance(team.id)).toBe(10_000 - first.credits_charged);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await h.job(id, team.key)).status).toBe('paused_key_cap_reached');

    // The next UTC day (the key's day moved back, as the clock would move on): the sweeper resumes
    // the job, which spends up to the cap again and pauses again.
    await h.sql(`UPDATE api_keys SET spend_day = spend_day - 1 WHERE id = $1`, [team.keyId]);
    const second = await h.waitFor(
      id,
      (j) => j.status === 'paused_key_cap_reached' && j.credits_charged > first.credits_charged,
      60_000,
      team.key,
    );
    expect(await spentToday()).toBe(second.credits_charged - first.credits_charged);
    expect(await spentToday()).toBeLessThanOrEqual(20);

    // Without the cap it runs to the end, every credit counted once.
    await h.sql(`UPDATE api_keys SET daily_cap = NULL WHERE id = $1`, [team.keyId]);
    const done = await h.waitFor(id, undefined, 60_000, team.key);
    expect(done.status).toBe('completed');
    expect(await h.balance(team.id)).toBe(10_000 - done.credits_charged);
    expect(await spentToday()).toBe(done.credits_charged - first.credits_charged);
  }, 180000);

  it('pauses at an empty balance without overspending, and resumes after credits:add', async () => {
    const name = uniqueName('thrifty-');
    const team = await seedTeam(h.env.db.dataSource, { name, credits: 25 });
    const secret = await secretOf(team.key);
    hooks.deliveries.length = 0;
    const requests = emailItems(300);
    const res = await h.createJob(
      '/person/enrich/jobs',
      { requests, webhook_url: hooks.url('/thrifty') },
      { key: team.key },
    );
    expect(res.statusCode).toBe(202);
    const id = res.json().id as string;
    const paused = await h.waitFor(id, (j) => j.status === 'paused_insufficient_credits', 60_000, team.key);
    expect(paused.credits_charged).toBeLessThanOrEqual(25);
    expect(paused.counts.done).toBeLessThan(300);
    expect(await h.balance(team.id)).toBe(25 - paused.credits_charged);
    await waitForDeliveries(() => hooks.deliveries.length >= 1);
    const pausedEvent = new Webhook(secret).verify(
      hooks.deliveries[0].body,
      hooks.deliveries[0].headers as Record<string, string>,
    ) as { type: string; data: { status: string } };
    expect(pausedEvent).toMatchObject({ type: 'job.paused', data: { status: 'paused' } });
    // Still paused a while later: no runner spends what the team does not have.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await h.job(id, team.key)).status).toBe('paused_insufficient_credits');

    const cli = captureEnvCli(h.env);
    const added = await cli(['credits:add', '--team', name, '--credits', '1000']);
    expect(added.code).toBe(0);
    const job = await h.waitFor(id, undefined, 60_000, team.key);
    expect(job.status).toBe('completed');

    const lines = await h.results(id, team.key);
    expect(lines.map(withoutIndex)).toEqual(await h.syncResults('/person/enrich/bulk', requests));
    const matches = lines.reduce((n, l) => n + (l.matches?.length ?? 0), 0);
    expect(job.credits_charged).toBe(matches);
    const [ledger] = await h.sql<{ n: string }>(
      `SELECT coalesce(-sum(delta), 0) AS n FROM credit_ledger WHERE team_id = $1 AND reason = 'match'`,
      [team.id],
    );
    expect(Number(ledger.n)).toBe(matches);
    expect(await h.balance(team.id)).toBe(25 + 1000 - matches);
  }, 120000);

  it('stops a job whose key is revoked: job.failed, and every unreached item says why', async () => {
    const team = await seedTeam(h.env.db.dataSource, { name: uniqueName('revoked-'), credits: 100000 });
    const secret = await secretOf(team.key);
    hooks.deliveries.length = 0;
    const requests = Array.from({ length: 20 }, () => emailItems(150)).flat();
    const res = await h.createJob(
      '/person/enrich/jobs',
      { requests, webhook_url: hooks.url('/revoked') },
      { key: team.key },
    );
    expect(res.statusCode).toBe(202);
    const id = res.json().id as string;
    await revokeApiKey(h.env.db.dataSource, { id: team.keyId });
    // The revoked key can no longer ask, so the job is read from the database.
    const deadline = Date.now() + 60_000;
    let row: { status: string; failure: { error: string } | null; done_count: number } | undefined;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      [row] = await h.sql(`SELECT status, failure, done_count FROM enrichment_jobs WHERE id = $1`, [id]);
    } while (row!.status !== 'failed' && Date.now() < deadline);
    expect(row).toMatchObject({ status: 'failed', failure: { error: 'unauthorized' } });
    expect(row!.done_count).toBeLessThan(requests.length);
    await waitForDeliveries(() => hooks.deliveries.length >= 1);
    const event = new Webhook(secret).verify(
      hooks.deliveries[0].body,
      hooks.deliveries[0].headers as Record<string, string>,
    ) as { type: string; data: { job_id: string; status: string } };
    expect(event).toMatchObject({ type: 'job.failed', data: { job_id: id, status: 'failed' } });
    // Another key of the team still reads the results: one line per item, the unreached ones 401.
    const other = (await insertApiKey(h.env.db.dataSource, team.id, null)).apiKey;
    const lines = await h.results(id, other);
    expect(lines.map((l) => l.index)).toEqual(requests.map((_, i) => i));
    const unreached = lines.filter((l) => l.status === 401);
    expect(unreached.length).toBe(requests.length - row!.done_count);
    expect(unreached[0].error?.error).toBe('unauthorized');
  }, 120000);

  it('purges finished jobs and settled deliveries past JOB_RETENTION_DAYS, never active jobs', async () => {
    const active = await h.createJob('/person/enrich/jobs', { requests: emailItems(5) });
    const [{ id: old }] = await h.sql<{ id: string }>(
      `SELECT id FROM enrichment_jobs WHERE status = 'completed' AND team_id = $1 LIMIT 1`,
      [h.team.id],
    );
    await h.sql(`UPDATE enrichment_jobs SET finished_at = now() - interval '8 days' WHERE id = $1`, [old]);
    await h.sql(
      `UPDATE webhook_deliveries SET created_at = now() - interval '8 days' WHERE state = 'delivered'`,
    );
    await h.waitFor(active.json().id);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [{ jobs, deliveries }] = await h.sql<{ jobs: number; deliveries: number }>(
        `SELECT (SELECT count(*)::int FROM enrichment_jobs WHERE id = $1) AS jobs,
                (SELECT count(*)::int FROM webhook_deliveries
                  WHERE state = 'delivered' AND created_at < now() - interval '7 days') AS deliveries`,
        [old],
      );
      if (jobs === 0 && deliveries === 0) break;
      if (Date.now() > deadline) throw new Error(`not purged: ${jobs} jobs, ${deliveries} deliveries`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [{ n }] = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrichment_job_results WHERE job_id = $1`,
      [old],
    );
    expect(n).toBe(0);
    expect((await h.job(active.json().id)).status).toBe('completed');
  }, 60000);

  it('refuses webhook_url until the team has a secret', async () => {
    const team = await seedTeam(h.env.db.dataSource, { name: uniqueName('secretless-'), credits: 10 });
    const res = await h.createJob(
      '/person/enrich/jobs',
      { requests: emailItems(1), webhook_url: hooks.url('/x') },
      { key: team.key },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/POST \/webhooks\/secret/);
  });
});
