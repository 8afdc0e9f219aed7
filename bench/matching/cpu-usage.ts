/**
 * CPU time spent per request by the process under test and by its Postgres backends. On a
 * shared box whose other tenants take most of the cores, requests per second mostly measure
 * the neighbours; CPU per request measures the code.
 */
import type { DataSource } from 'typeorm';
import { cpuSeconds } from '../../scripts/processes';

/** utime + stime of a process in µs, or null when it is gone (or this is not Linux). */
function processCpuUs(pid: number): number | null {
  const seconds = cpuSeconds(pid);
  return seconds === null ? null : Math.round(seconds * 1_000_000);
}

/** Backend pids of a TypeORM Postgres DataSource's pool (pg-pool internals; benchmark use only). */
function backendPids(db: DataSource): number[] {
  const pool = (db.driver as unknown as { master?: { _clients?: Array<{ processID?: number }> } }).master;
  return (pool?._clients ?? []).flatMap((c) => (c.processID ? [c.processID] : []));
}

export interface CpuSample {
  ownUs: number;
  backends: Map<number, number>;
}

function backendCpu(pids: readonly number[]): Map<number, number> {
  const backends = new Map<number, number>();
  for (const pid of pids) {
    const us = processCpuUs(pid);
    if (us !== null) backends.set(pid, us);
  }
  return backends;
}

export function sampleCpu(db: DataSource): CpuSample {
  const own = process.cpuUsage();
  return { ownUs: own.user + own.system, backends: backendCpu(backendPids(db)) };
}

/**
 * The same for a gateway in other processes (`--gateways`): their CPU summed, and the Postgres
 * backends whose application_name is the gateway's (`svc`, createDataSource's default) on this
 * database; nothing else may be connected under that name while measuring.
 */
export async function sampleCpuOfProcesses(pids: readonly number[], db: DataSource): Promise<CpuSample> {
  const rows: Array<{ pid: number }> = await db.query(
    `SELECT pid FROM pg_stat_activity WHERE application_name = 'svc' AND datname = current_database()`,
  );
  const own = pids.reduce((sum, pid) => sum + (processCpuUs(pid) ?? 0), 0);
  return { ownUs: own, backends: backendCpu(rows.map((r) => r.pid)) };
}

/**
 * CPU µs per request between two samples. A backend that appeared in between counts from zero;
 * one that closed in between is lost (the pool keeps its connections while it is busy).
 */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): { processUs: number; postgresUs: number } {
  let postgres = 0;
  for (const [pid, us] of after.backends) postgres += us - (before.backends.get(pid) ?? 0);
  const per = (us: number) => Math.round(us / Math.max(1, requests));
  return { processUs: per(after.ownUs - before.ownUs), postgresUs: per(postgres) };
}
