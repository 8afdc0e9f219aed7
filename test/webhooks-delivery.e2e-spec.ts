import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import {
  deliver,
  DeliveryResult,
  DestinationRefusal,
  EMPTY_ALLOWLIST,
  generateWebhookSecret,
  jobEvent,
  newMessageId,
  nextAttempt,
  NextStep,
  parseAllowlist,
} from '@app/webhooks';

/**
 * A receiver as a team would write it, with the reference library: every request is verified,
 * and a message id already processed is recognised as a replay. The lib is not wired into an
 * app yet, so the test drives attempts the way the delivery worker will.
 */
interface Received {
  path: string;
  id: string;
  host: string;
  verified: boolean;
  replay: boolean;
  body: unknown;
}

const secret = generateWebhookSecret();
const allowlist = parseAllowlist('127.0.0.1/32');
const counts = { items: 3, done: 3, matched: 2, not_found: 1, errors: 0 };

let server: Server;
let base: string;
let connections = 0;
let received: Received[] = [];
let processed = new Set<string>();
let failuresLeft = 0;

function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
  const path = req.url ?? '';
  const headers = req.headers as Record<string, string>;
  let verified = true;
  let body: unknown = null;
  try {
    body = new Webhook(secret).verify(raw, headers);
  } catch {
    verified = false;
  }
  const id = headers['webhook-id'];
  const replay = processed.has(id);
  received.push({ path, id, host: headers.host, verified, replay, body });
  if (path === '/flaky' && failuresLeft > 0) {
    failuresLeft--;
    res.writeHead(500).end('try later');
    return;
  }
  if (path === '/gone') return void res.writeHead(410).end();
  if (path === '/redirect') return void res.writeHead(307, { location: `${base}/target` }).end();
  if (path === '/slow') return; // never answers
  if (path === '/big') return void res.writeHead(200).end('x'.repeat(1_000_000));
  if (verified) processed.add(id);
  res.writeHead(verified ? 204 : 401).end();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', () => connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  received = [];
  processed = new Set();
  failuresLeft = 0;
  connections = 0;
});

const event = () => jobEvent('job.completed', { jobId: 'job_42', counts, creditsCharged: 2 }, new Date());

describe('webhook delivery', () => {
  it('retries by the schedule with the same webhook-id until the receiver takes it, every attempt signed', async () => {
    failuresLeft = 2;
    const id = newMessageId();
    const sent = event();
    const steps: NextStep[] = [];
    const results: DeliveryResult[] = [];
    const schedule = [0, 50, 100];
    for (let attempt = 1; ;) {
      const result = await deliver({ url: `${base}/flaky`, secrets: secret, id, event: sent, allowlist });
      results.push(result);
      const step = nextAttempt(attempt, result, { schedule });
      steps.push(step);
      if (step.action !== 'retry') break;
      await sleep(step.delayMs);
      attempt = step.attempt;
    }
    expect(results.map((r) => r.kind === 'response' && r.status)).toEqual([500, 500, 204]);
    expect(steps.map((s) => s.action)).toEqual(['retry', 'retry', 'delivered']);
    expect(received).toHaveLength(3);
    expect(received.every((r) => r.verified && r.id === id)).toBe(true);
    expect(received[2].body).toEqual(JSON.parse(JSON.stringify(sent)));
    expect(processed).toEqual(new Set([id]));
  });

  it('lets the receiver recognise a replay by webhook-id', async () => {
    const id = newMessageId();
    const sent = event();
    await deliver({ url: `${base}/ok`, secrets: secret, id, event: sent, allowlist });
    await deliver({ url: `${base}/ok`, secrets: secret, id, event: sent, allowlist });
    expect(received.map((r) => [r.verified, r.replay])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('signs with both secrets while the team rotates', async () => {
    const old = generateWebhookSecret();
    const result = await deliver({
      url: `${base}/ok`,
      secrets: [old, secret],
      id: newMessageId(),
      event: event(),
      allowlist,
    });
    expect(result).toMatchObject({ kind: 'response', status: 204, ok: true });
    expect(received[0].verified).toBe(true);
  });

  it('a receiver with another secret refuses the signature', async () => {
    const result = await deliver({
      url: `${base}/ok`,
      secrets: generateWebhookSecret(),
      id: newMessageId(),
      event: event(),
      allowlist,
    });
    expect(received[0].verified).toBe(false);
    expect(result).toMatchObject({ kind: 'response', status: 401, ok: false });
  });

  it('410 says disable the endpoint', async () => {
    const result = await deliver({
      url: `${base}/gone`,
      secrets: secret,
      id: newMessageId(),
      event: event(),
      allowlist,
    });
    expect(result).toMatchObject({ kind: 'response', status: 410, ok: false });
    expect(nextAttempt(1, result)).toEqual({ action: 'disable_endpoint' });
  });

  it('refuses 127.0.0.1 without the allowlist before any connection', async () => {
    const result = await deliver({
      url: `${base}/ok`,
      secrets: secret,
      id: newMessageId(),
      event: event(),
      allowlist: EMPTY_ALLOWLIST,
    });
    expect(result).toMatchObject({
      kind: 'refused',
      code: DestinationRefusal.PrivateAddress,
      permanent: false,
    });
    expect(connections).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('does not follow a redirect', async () => {
    const result = await deliver({
      url: `${base}/redirect`,
      secrets: secret,
      id: newMessageId(),
      event: event(),
      allowlist,
    });
    expect(result).toMatchObject({ kind: 'response', status: 307, ok: false });
    expect(received.map((r) => r.path)).toEqual(['/redirect']);
    expect(nextAttempt(1, result, { random: () => 0.5 })).toEqual({
      action: 'retry',
      attempt: 2,
      delayMs: 5000,
    });
  });

  it('connects to the vetted address and keeps the URL host in the Host header', async () => {
    const port = (server.address() as AddressInfo).port;
    const result = await deliver({
      url: `http://receiver.internal:${port}/ok`,
      secrets: secret,
      id: newMessageId(),
      event: event(),
      allowlist: parseAllowlist('receiver.internal'),
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(result).toMatchObject({ kind: 'response', status: 204 });
    expect(received[0].host).toBe(`receiver.internal:${port}`);
  });

  it('times out a receiver that does not answer', async () => {
    const result = await deliver({
      url: `${base}/slow`,
      secrets: secret,
      id: newMessageId(),
      event: event(),
      allowlist,
      timeoutMs: 300,
    });
    expect(result.kind).toBe('timeout');
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('reads only the start of a long answer', async () => {
    const result = await deliver({
      url: `${base}/big`,
      secrets: secret,
      id: newMessageId(),
      event: event(),
      allowlist,
    });
    expect(result).toMatchObject({ kind: 'response', status: 200, ok: true });
  });

  it('reports a connection refused as a network error', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const result = await deliver({
      url: `http://127.0.0.1:${port}/`,
      secrets: secret,
      id: newMessageId(),
      event: event(),
      allowlist,
    });
    expect(result).toMatchObject({ kind: 'network_error' });
  });
});
