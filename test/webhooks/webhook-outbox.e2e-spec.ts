import { once } from 'node:events';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { activateWebhookEndpoint, enqueueWebhookEvent } from '@app/store';
import { HttpHarness, seedTeam } from '@app/testing';
import { jobEvent } from '@app/webhooks';
import { WebhookDeliveryWorker } from '../../apps/gateway/src/webhooks/webhook-delivery.worker';
import { gatewayHarness } from '../gateway';

/**
 * The outbox end to end on the real schema: secrets made and rotated over HTTP, events put in
 * the outbox the way a job's commit does, the gateway's delivery worker sending them to a
 * receiver written with the reference library, on a short retry schedule.
 */
interface Received {
  path: string;
  headers: Record<string, string>;
  raw: string;
}

const counts = { items: 3, done: 3, matched: 2, not_found: 1, errors: 0 };
const event = (jobId: string) => jobEvent('job.completed', { jobId, counts, creditsCharged: 2 }, new Date());

let server: Server;
let base: string;
let received: Received[] = [];
let flakyFailures = 0;
let goneStatus = 410;

function answer(req: IncomingMessage, raw: string): number {
  received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, raw });
  if (req.url === '/flaky' && flakyFailures > 0) {
    flakyFailures--;
    return 500;
  }
  if (req.url === '/gone') return goneStatus;
  return 204;
}

const verifies = (r: Received, secret: string) => {
  try {
    new Webhook(secret).verify(r.raw, r.headers);
    return true;
  } catch {
    return false;
  }
};

describe('webhook outbox', () => {
  let h: HttpHarness;
  const sql = <T>(q: string, p: unknown[] = []) => h.sql<T>(q, p);

  async function settled(messageUrl: string, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await sql<{ state: string }>(
        `SELECT state FROM webhook_deliveries WHERE url = $1 ORDER BY id`,
        [messageUrl],
      );
      if (rows.length > 0 && rows.every((r) => r.state !== 'pending')) return;
      if (Date.now() > until)
        throw new Error(`deliveries to ${messageUrl} still pending after ${timeoutMs} ms`);
      await sleep(50);
    }
  }
  const deliveries = (url: string) =>
    sql<{
      message_id: string;
      body: string;
      state: string;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
      delivered_at: Date | null;
    }>(`SELECT * FROM webhook_deliveries WHERE url = $1 ORDER BY id`, [url]);
  const endpoint = async (url: string) =>
    (
      await sql<{ state: string; consecutive_failures: number; disabled_at: Date | null }>(
        `SELECT state, consecutive_failures, disabled_at FROM webhook_endpoints WHERE url = $1`,
        [url],
      )
    )[0];
  const enqueue = (url: string, jobId = 'job_1', teamId = h.team.id) =>
    enqueueWebhookEvent(h.env.db.dataSource, { teamId, url, event: event(jobId) });
  const rotate = async (key = h.team.key) => {
    const res = await h.post('/webhooks/secret', {}, key);
    expect(res.statusCode).toBe(201);
    return res;
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.writeHead(answer(req, Buffer.concat(chunks).toString('utf8'))).end());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    h = await gatewayHarness({
      variables: { WEBHOOK_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE_MS: '0,100,100', JOB_RUNNER: 'on' },
    });
  });

  afterAll(async () => {
    await h?.close();
    server?.close();
  });

  beforeEach(() => {
    received = [];
  });

  let firstSecret: string;

  it('shows a new secret once, describes it without it afterwards, and stores it encrypted', async () => {
    expect((await h.get('/webhooks/secret')).json()).toEqual({
      created_at: null,
      previous_valid_until: null,
    });

    const res = await rotate();
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      secret: expect.stringMatching(/^whsec_/),
      created_at: expect.any(String),
      previous_valid_until: null,
    });
    firstSecret = body.secret;

    const info = await h.get('/webhooks/secret');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ created_at: body.created_at, previous_valid_until: null });
    expect(info.body).not.toContain(firstSecret.slice(6));

    const rows = await sql<{ ciphertext: Buffer }>(
      `SELECT ciphertext FROM webhook_secrets WHERE team_id = $1`,
      [h.team.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].ciphertext.includes(Buffer.from(firstSecret))).toBe(false);
    expect(rows[0].ciphertext.includes(Buffer.from(firstSecret.slice(6), 'base64'))).toBe(false);

    // Another team's key sees its own (none), never this one's.
    const other = await seedTeam(h.env.db.dataSource);
    expect((await h.get('/webhooks/secret', {}, other.key)).json()).toEqual({
      created_at: null,
      previous_valid_until: null,
    });
  });

  it('retries two 500s and delivers on the third attempt, every attempt signed under one webhook-id', async () => {
    flakyFailures = 2;
    const url = `${base}/flaky`;
    await enqueue(url);
    await settled(url);

    const [row] = await deliveries(url);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, last_status: 204, last_error: null });
    expect(row.delivered_at).toBeInstanceOf(Date);
    expect(row.message_id).toMatch(/^msg_/);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([
      row.message_id,
      row.message_id,
      row.message_id,
    ]);
    for (const r of received) {
      expect(verifies(r, firstSecret)).toBe(true);
      expect(r.raw).toBe(row.body);
    }
    expect(JSON.parse(row.body)).toMatchObject({ type: 'job.completed', data: { job_id: 'job_1', counts } });
    expect(await endpoint(url)).toMatchObject({ state: 'active', consecutive_failures: 0 });
  });

  it('a 410 disables the endpoint, later deliveries to it are skipped, and naming it again re-enables it', async () => {
    const url = `${base}/gone`;
    await enqueue(url, 'job_gone_1');
    await settled(url);
    expect(await deliveries(url)).toMatchObject([{ state: 'failed', attempts: 1, last_status: 410 }]);
    expect(await endpoint(url)).toMatchObject({ state: 'disabled', disabled_at: expect.any(Date) });
    expect(received).toHaveLength(1);

    await enqueue(url, 'job_gone_2');
    await settled(url);
    expect((await deliveries(url)).map((d) => [d.state, d.attempts])).toEqual([
      ['failed', 1],
      ['skipped', 0],
    ]);
    expect(received).toHaveLength(1);

    goneStatus = 204;
    await activateWebhookEndpoint(h.env.db.dataSource, h.team.id, url);
    await enqueue(url, 'job_gone_3');
    await settled(url);
    expect((await deliveries(url)).map((d) => d.state)).toEqual(['failed', 'skipped', 'delivered']);
    expect(await endpoint(url)).toMatchObject({
      state: 'active',
      consecutive_failures: 0,
      disabled_at: null,
    });
  });

  it('signs with the old and the new secret while a rotation overlaps, then with the new one alone', async () => {
    const res = await rotate();
    const { secret: second, previous_valid_until } = res.json();
    const overlapHours = (Date.parse(previous_valid_until) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
    expect((await h.get('/webhooks/secret')).json().previous_valid_until).toBe(previous_valid_until);

    const url = `${base}/rotation`;
    await enqueue(url, 'job_rot_1');
    await settled(url);
    expect(received).toHaveLength(1);
    expect(received[0].headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(received[0], firstSecret)).toBe(true);
    expect(verifies(received[0], second)).toBe(true);

    // A second rotation within the day: only the one it replaces keeps signing.
    const third = (await rotate()).json().secret;
    received = [];
    await enqueue(url, 'job_rot_2');
    await settled(url);
    expect([firstSecret, second, third].map((s) => verifies(received[0], s))).toEqual([false, true, true]);

    // The overlap over: the previous secret is ignored.
    await sql(
      `UPDATE webhook_secrets SET expires_at = now() - interval '1 second' WHERE team_id = $1 AND expires_at IS NOT NULL`,
      [h.team.id],
    );
    received = [];
    await enqueue(url, 'job_rot_3');
    await settled(url);
    expect(received[0].headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect([second, third].map((s) => verifies(received[0], s))).toEqual([false, true]);
    expect((await h.get('/webhooks/secret')).json().previous_valid_until).toBeNull();
  });

  it('signs with the current secret alone when the previous one no longer opens (a changed secrets key)', async () => {
    const fresh = (await rotate()).json().secret;
    await sql(
      `UPDATE webhook_secrets SET ciphertext = set_byte(ciphertext, 19, get_byte(ciphertext, 19) # 1)
        WHERE team_id = $1 AND expires_at IS NOT NULL`,
      [h.team.id],
    );
    const url = `${base}/stale-key`;
    await enqueue(url, 'job_stale_key');
    await settled(url);
    expect(received).toHaveLength(1);
    expect(received[0].headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verifies(received[0], fresh)).toBe(true);
  });

  it('sends nothing when the current secret does not open, and tells the team no more than that', async () => {
    const team = await seedTeam(h.env.db.dataSource);
    await rotate(team.key);
    await sql(
      `UPDATE webhook_secrets SET ciphertext = set_byte(ciphertext, 19, get_byte(ciphertext, 19) # 1)
        WHERE team_id = $1`,
      [team.id],
    );
    const url = `${base}/unopened`;
    await enqueue(url, 'job_unopened', team.id);
    await settled(url);
    expect(received).toHaveLength(0);
    expect(await deliveries(url)).toMatchObject([
      { state: 'failed', attempts: 3, last_error: 'not sent: internal error' },
    ]);
  });

  it('refuses a private address the allowlist does not name: the delivery fails and the endpoint is failing', async () => {
    const url = 'http://10.0.0.1:9/hook';
    await enqueue(url, 'job_private');
    await settled(url);
    const [row] = await deliveries(url);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, last_status: null });
    expect(row.last_error).toContain('private_address');
    expect(await endpoint(url)).toMatchObject({ state: 'failing', consecutive_failures: 3 });
    expect(received).toHaveLength(0);
  });

  it('several pollers at once deliver each message exactly once', async () => {
    const url = `${base}/many`;
    for (let i = 0; i < 60; i++) await enqueue(url, `job_many_${i}`);
    const worker = h.app.get(WebhookDeliveryWorker);
    await Promise.all([worker.poll(), worker.poll(), worker.poll(), worker.poll()]);
    await settled(url);
    const rows = await deliveries(url);
    expect(rows.every((r) => r.state === 'delivered' && r.attempts === 1)).toBe(true);
    const ids = received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(60);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.message_id)));
  });

  it('a team without a secret gets no unsigned webhook', async () => {
    const team = await seedTeam(h.env.db.dataSource);
    const url = `${base}/unsigned`;
    await enqueue(url, 'job_unsigned', team.id);
    await settled(url);
    expect(received).toHaveLength(0);
    const [row] = await deliveries(url);
    expect(row).toMatchObject({ state: 'failed', attempts: 3 });
    expect(row.last_error).toContain('no webhook secret');
  });
});
