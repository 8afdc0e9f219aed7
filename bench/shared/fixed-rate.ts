import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FixedRateInput, FixedRateOutput } from './fixed-rate-child';
import { quantile } from './latency';

const run = promisify(execFile);
const CHILD = path.join(__dirname, 'fixed-rate-child.js');

/** One fixed-rate run: what was offered, what came back, and its latency from each request's due time. */
export interface RateMeasured {
  offered: number;
  /** 2xx answers per second over the run (the schedule, plus up to 2 s for the last answers). */
  achieved: number;
  ok: number;
  failed: number;
  firstError: string | null;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** p99 of write-to-answer, without the time a due request waited for a free connection. */
  serviceP99: number;
  /** Requests sent more than 1 ms after they were due (no free connection, or the generator late). */
  lateSends: number;
  maxInFlight: number;
  /** The load generator's own CPU per request, µs (it shares the box with the server). */
  generatorUs: number;
}

/**
 * POSTs `bodies` (cycled, as JSON, with an API key) to `url` at `rate` requests per second for
 * `seconds`, from a child process over at most `connections` keep-alive connections (the child's
 * comment says why this is not autocannon). Latency counts from when each request was due.
 */
export async function fixedRate(
  url: string,
  key: string,
  bodies: object[],
  rate: number,
  seconds: number,
  connections: number,
): Promise<RateMeasured> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-rate-'));
  const file = path.join(dir, 'input.json');
  const input: FixedRateInput = {
    url,
    headers: { 'api-key': key, 'content-type': 'application/json' },
    bodies: bodies.map((b) => JSON.stringify(b)),
    rate,
    seconds,
    connections,
  };
  writeFileSync(file, JSON.stringify(input));
  try {
    const { stdout } = await run(process.execPath, [CHILD, file], { maxBuffer: 256 * 1024 * 1024 });
    const out = JSON.parse(stdout) as FixedRateOutput;
    const ms = out.ms.sort((a, b) => a - b);
    const service = out.serviceMs.sort((a, b) => a - b);
    const non2xx = Object.values(out.statuses).reduce((a, b) => a + b, 0);
    const failed = non2xx + out.errors + out.unanswered;
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      offered: rate,
      achieved: Math.round(ms.length / out.seconds),
      ok: ms.length,
      failed,
      firstError:
        non2xx > 0
          ? `HTTP ${JSON.stringify(out.statuses)}`
          : out.errors > 0
            ? `${out.errors} socket errors`
            : out.unanswered > 0
              ? `${out.unanswered} not answered within the run`
              : null,
      p50: round(quantile(ms, 0.5)),
      p90: round(quantile(ms, 0.9)),
      p99: round(quantile(ms, 0.99)),
      max: round(ms.at(-1) ?? 0),
      serviceP99: round(quantile(service, 0.99)),
      lateSends: out.lateSends,
      maxInFlight: out.maxInFlight,
      generatorUs: Math.round(out.cpuUs / Math.max(1, ms.length + failed)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
