/**
 * The load generator of `fixedRate` (fixed-rate.ts), run as its own process: sends request i at
 * start + i / rate over a pool of keep-alive connections, whatever the answers are doing, and
 * times each answer from the moment its request was due. A closed loop (autocannon's connections,
 * or its `overallRate`, which sends each connection's quota back to back at the start of every
 * second) measures how long a request takes once the previous one came back; at a fixed arrival
 * rate a slow answer also delays the requests that arrive meanwhile, and that is what a caller
 * sees. Raw sockets and a minimal HTTP/1.1 reader keep this process's CPU small on a box whose
 * cores the server under test needs.
 *
 * Input: a JSON file path as argv[2] (FixedRateInput); output: FixedRateOutput as JSON on stdout.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface FixedRateInput {
  url: string;
  headers: Record<string, string>;
  bodies: string[];
  rate: number;
  seconds: number;
  connections: number;
}

export interface FixedRateOutput {
  /** ms from each 2xx request's due time to its answer's last byte. */
  ms: number[];
  /** ms from each 2xx request's write to its answer (the server's share, without queueing here). */
  serviceMs: number[];
  statuses: Record<string, number>;
  errors: number;
  /**
   * Requests not answered when the run ended: still waiting for a connection when the schedule
   * was over, or in flight GRACE_MS later. A server slower than the rate would otherwise stretch
   * the run until its backlog drains.
   */
  unanswered: number;
  /** Requests due, sent late because every connection was busy or this process was. */
  lateSends: number;
  maxInFlight: number;
  /** From the first request's due time to the last answer. */
  seconds: number;
  /** This process's CPU over the run, µs. */
  cpuUs: number;
}

/** How long answers in flight at the end of the schedule are waited for. */
const GRACE_MS = 2000;

interface Pending {
  /** Which request of the run: the body is `bodies[index % bodies.length]`. */
  index: number;
  due: number;
  sent: number;
}

/** One keep-alive connection carrying one request at a time. */
class Connection {
  private socket!: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  current: Pending | null = null;

  constructor(
    private readonly port: number,
    private readonly host: string,
    private readonly done: (c: Connection, p: Pending, status: number | null) => void,
  ) {
    this.open();
  }

  private open(): void {
    this.buffer = Buffer.alloc(0);
    this.socket = net.connect(this.port, this.host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', () => this.fail());
    this.socket.on('close', () => this.fail());
  }

  send(request: Buffer, p: Pending): void {
    this.current = p;
    this.socket.write(request);
  }

  private fail(): void {
    this.socket.removeAllListeners();
    this.socket.on('error', () => {});
    this.socket.destroy();
    const was = this.current;
    this.current = null;
    this.open();
    if (was) this.done(this, was, null);
  }

  /** An answer ends after its Content-Length; `connection: close` opens a new socket after it. */
  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const head = this.buffer.indexOf('\r\n\r\n');
    if (this.current === null) return;
    if (head < 0) return;
    const text = this.buffer.toString('latin1', 0, head).toLowerCase();
    const length = Number(/\r\ncontent-length: *(\d+)/.exec(text)?.[1] ?? 0);
    if (this.buffer.length < head + 4 + length) return;
    const status = Number(text.slice(9, 12));
    const close = /\r\nconnection: *close/.test(text);
    this.buffer = this.buffer.subarray(head + 4 + length);
    if (close) {
      this.socket.removeAllListeners();
      this.socket.on('error', () => {});
      this.socket.destroy();
      this.open();
    }
    const was = this.current!;
    this.current = null;
    this.done(this, was, status);
  }
}

function main(): void {
  const input = JSON.parse(readFileSync(process.argv[2], 'utf8')) as FixedRateInput;
  const url = new URL(input.url);
  const headers = Object.entries({ host: url.host, ...input.headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requests = input.bodies.map((b) =>
    Buffer.from(
      `POST ${url.pathname} HTTP/1.1\r\n${headers}content-length: ${Buffer.byteLength(b)}\r\n\r\n${b}`,
    ),
  );
  const out: FixedRateOutput = {
    ms: [],
    serviceMs: [],
    statuses: {},
    errors: 0,
    unanswered: 0,
    lateSends: 0,
    maxInFlight: 0,
    seconds: 0,
    cpuUs: 0,
  };
  const total = Math.round(input.rate * input.seconds);
  const interval = 1000 / input.rate;
  const idle: Connection[] = [];
  const waiting: Pending[] = [];
  let inFlight = 0;
  let finished = 0;
  let next = 0;
  let start = 0;
  const cpu = process.cpuUsage();

  const dispatch = () => {
    while (waiting.length > 0 && idle.length > 0) {
      const p = waiting.shift()!;
      p.sent = performance.now();
      if (p.sent - p.due > 1) out.lateSends++;
      // Oldest idle first, so no connection sits idle long enough for the server to close it.
      idle.shift()!.send(requests[p.index % requests.length], p);
      inFlight++;
      out.maxInFlight = Math.max(out.maxInFlight, inFlight);
    }
  };
  const answered = (c: Connection, p: Pending, status: number | null) => {
    const now = performance.now();
    idle.push(c);
    inFlight--;
    finished++;
    if (status === null) out.errors++;
    else if (status >= 200 && status < 300) {
      out.ms.push(now - p.due);
      out.serviceMs.push(now - p.sent);
    } else out.statuses[status] = (out.statuses[status] ?? 0) + 1;
    if (finished === total) return end();
    dispatch();
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    out.seconds = (performance.now() - start) / 1000;
    out.unanswered = total - finished;
    const used = process.cpuUsage(cpu);
    out.cpuUs = used.user + used.system;
    process.stdout.write(JSON.stringify(out), () => process.exit(0));
  };
  const pool = Array.from(
    { length: input.connections },
    () => new Connection(Number(url.port), url.hostname, answered),
  );
  idle.push(...pool);

  const tick = () => {
    const now = performance.now();
    for (; next < total && start + next * interval <= now; next++)
      waiting.push({ index: next, due: start + next * interval, sent: 0 });
    dispatch();
    if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    else setTimeout(end, start + total * interval + GRACE_MS - performance.now());
  };
  // Give the pool's connections a moment to open, so the first requests do not time a handshake.
  setTimeout(() => {
    start = performance.now();
    tick();
  }, 200);
}

main();
