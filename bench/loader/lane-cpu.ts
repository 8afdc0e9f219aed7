/**
 * CPU time of the three processes a load keeps busy — this bench's own (the loader's code runs
 * in it), the OpenSearch JVM and the Postgres server — sampled at the edges of each phase of a
 * lane. On a shared two-core box people per second also measures the neighbours; CPU per person
 * per process measures each side of the load.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { cpuSeconds } from '../../scripts/processes';

function pids(args: string[]): number[] {
  try {
    return execFileSync('pgrep', args, { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** The OpenSearch node's JVM on this box (null when OpenSearch runs elsewhere). */
export function openSearchPid(): number | null {
  return pids(['-f', 'org.opensearch.bootstrap'])[0] ?? null;
}

export interface CpuSample {
  at: number;
  benchS: number;
  openSearchS: number | null;
  /** Every `postgres` process now: the postmaster, its backends and background workers. */
  postgres: Map<number, number>;
  load1: number;
}

export function sampleCpu(osPid: number | null): CpuSample {
  const own = process.cpuUsage();
  const postgres = new Map<number, number>();
  for (const pid of pids(['-x', 'postgres'])) {
    const s = cpuSeconds(pid);
    if (s !== null) postgres.set(pid, s);
  }
  return {
    at: performance.now(),
    benchS: (own.user + own.system) / 1e6,
    openSearchS: osPid === null ? null : cpuSeconds(osPid),
    postgres,
    load1: loadavg()[0],
  };
}

export interface CpuSpan {
  wall_s: number;
  bench_cpu_s: number;
  opensearch_cpu_s: number | null;
  /**
   * Summed over the server's processes; one that started in between counts whole, one that
   * ended in between (a short-lived autovacuum worker) is lost.
   */
  postgres_cpu_s: number;
  load_start: number;
  load_end: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function span(from: CpuSample, to: CpuSample): CpuSpan {
  let pg = 0;
  for (const [pid, s] of to.postgres) pg += s - (from.postgres.get(pid) ?? 0);
  const os = from.openSearchS !== null && to.openSearchS !== null ? to.openSearchS - from.openSearchS : null;
  return {
    wall_s: r2((to.at - from.at) / 1000),
    bench_cpu_s: r2(to.benchS - from.benchS),
    opensearch_cpu_s: os === null ? null : r2(os),
    postgres_cpu_s: r2(pg),
    load_start: r2(from.load1),
    load_end: r2(to.load1),
  };
}

/** Milliseconds of CPU per record, two decimals. */
export function msPer(seconds: number | null, records: number): number | null {
  return seconds === null || records === 0 ? null : Math.round((seconds / records) * 1e5) / 100;
}
