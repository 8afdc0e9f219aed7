/**
 * CPU seconds of processes from /proc (Linux): per named group of pids and for the whole
 * machine, so a run can charge each request its share of every process on its path. One
 * process's CPU time is scripts/processes.js's.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { busiestOthers, cpuSeconds } from '../../scripts/processes';

const TICKS = 100; // USER_HZ

/** Pids listening on any of `ports` on this machine (ss -p; needs to see other users' sockets as root). */
export function listeningPids(ports: number[]): number[] {
  if (!ports.length) return [];
  const filter = ports.map((p) => `sport = :${p}`).join(' or ');
  const out = execFileSync('ss', ['-ltnpH', `( ${filter} )`], { encoding: 'utf8' });
  return [...new Set([...out.matchAll(/pid=(\d+),/g)].map((m) => Number(m[1])))];
}

/** Every process whose command name is `comm` (all of Postgres' backends, say). */
export function pidsByComm(comm: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Busy and total CPU seconds of the machine since boot (all cores, /proc/stat). */
export function machineSeconds(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = cpu[3] + (cpu[4] ?? 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/** A named set of pids, looked up again at every sample (a pool's backends come and go). */
export type Groups = Record<string, () => number[]>;

export interface CpuSnapshot {
  at: number;
  machine: { busy: number; total: number };
  perPid: Record<string, Map<number, number>>;
}

export function snapshot(groups: Groups): CpuSnapshot {
  const perPid: CpuSnapshot['perPid'] = {};
  for (const [name, pids] of Object.entries(groups))
    perPid[name] = new Map(pids().map((p) => [p, cpuSeconds(p) ?? 0]));
  return { at: Date.now(), machine: machineSeconds(), perPid };
}

/**
 * CPU seconds each group used between two snapshots. A pid that appeared in between counts from
 * zero; one that exited in between is lost (the processes under test live through a run).
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [name, pids] of Object.entries(after.perPid)) {
    let sum = 0;
    for (const [pid, s] of pids) sum += s - (before.perPid[name]?.get(pid) ?? 0);
    used[name] = Math.round(sum * 100) / 100;
  }
  return used;
}

/** The busiest processes on the box outside `ours`: at least 3 % of a core, the top 5. */
export const others = (ours: Set<number>): string => busiestOthers(ours, { minPercent: 3, most: 5 });
