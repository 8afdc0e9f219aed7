import { performance } from 'node:perf_hooks';

/** One load run of one path: completed operations per second and their latency, in ms. */
export interface Measured {
  ok: number;
  failed: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  /** The first failure's message, so a broken path says why instead of just being fast. */
  firstError: string | null;
}

/** Nearest-rank quantile of ascending values. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export function summarize(
  ms: number[],
  failed: number,
  seconds: number,
  firstError: string | null = null,
): Measured {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    ok: sorted.length,
    failed,
    seconds: round(seconds),
    rps: round(sorted.length / seconds),
    p50: round(quantile(sorted, 0.5)),
    p99: round(quantile(sorted, 0.99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
    firstError,
  };
}

/**
 * `connections` callers each running `op` back to back for `seconds`: the closed loop autocannon
 * runs over HTTP, for paths that are a client library call rather than an HTTP endpoint.
 */
export async function closedLoop(
  seconds: number,
  connections: number,
  op: () => Promise<unknown>,
): Promise<Measured> {
  const ms: number[] = [];
  let failed = 0;
  let firstError: string | null = null;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await op();
          ms.push(performance.now() - t);
        } catch (error) {
          failed++;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  return summarize(ms, failed, (performance.now() - start) / 1000, firstError);
}
