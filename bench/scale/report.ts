import type { CannonResult } from './cannon';

/** CPU groups charged per request; `loadgen` is autocannon, which shares the cores too. */
export const GROUPS = ['gateway', 'search', 'opensearch', 'postgres', 'nats', 'redis', 'loadgen'] as const;
export type Group = (typeof GROUPS)[number];

export interface ConfigRun {
  target: string;
  gateways: number;
  workers: number;
  round?: number;
  cannon: CannonResult;
  cpuSeconds: Record<Group, number>;
  /** Cores the whole machine kept busy during the run (ours and everyone else's). */
  machineBusyCores: number;
  loadavg: { before: number[]; after: number[] };
  others: string;
}

export interface Bound {
  cpuMsPerRequest: Record<Group, number>;
  /** cores / (sum of every group's CPU per request): the most the box could serve if it did nothing else. */
  box: number;
  /** Cores the rest of the machine (not one of the groups) kept busy during the run. */
  othersCores: number;
  /** The same with the cores others used taken away: what was left for this run. */
  boxLeft: number;
  /** A Node process runs its JavaScript on one core: g gateway processes cannot pass g / gateway CPU per request. */
  gatewayProcesses: number;
  workerProcesses: number;
  bound: number;
  limitedBy: string;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

export function boundOf(run: ConfigRun, cores: number): Bound {
  const n = Math.max(1, run.cannon.requests);
  const per = Object.fromEntries(GROUPS.map((g) => [g, r2((run.cpuSeconds[g] * 1000) / n)])) as Record<
    Group,
    number
  >;
  const total = GROUPS.reduce((s, g) => s + per[g], 0);
  const box = total > 0 ? (cores * 1000) / total : Infinity;
  const ours = GROUPS.reduce((sum, g) => sum + run.cpuSeconds[g], 0) / run.cannon.seconds;
  const othersCores = Math.max(0, run.machineBusyCores - ours);
  const boxLeft = total > 0 ? ((cores - othersCores) * 1000) / total : Infinity;
  const gatewayProcesses = per.gateway > 0 ? (run.gateways * 1000) / per.gateway : Infinity;
  const workerProcesses = per.search > 0 ? (run.workers * 1000) / per.search : Infinity;
  const bound = Math.min(box, gatewayProcesses, workerProcesses);
  const limitedBy =
    bound === box
      ? `${cores} cores`
      : bound === gatewayProcesses
        ? 'gateway processes'
        : 'search worker processes';
  return {
    cpuMsPerRequest: per,
    box: r1(box),
    othersCores: r2(othersCores),
    boxLeft: r1(boxLeft),
    gatewayProcesses: r1(gatewayProcesses),
    workerProcesses: r1(workerProcesses),
    bound: r1(bound),
    limitedBy,
  };
}

export function formatTable(runs: ConfigRun[], cores: number): string {
  const head = [
    'target',
    'g×w',
    'round',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    ...GROUPS.map((g) => `${g} CPU ms/req`),
    'cores used: gateway / search / opensearch',
    'box busy (cores)',
    'of which others (cores)',
    'bound req/s (limited by)',
    'req/s ÷ bound',
    "bound with others' cores taken away",
    'load avg 1m before→after',
  ];
  const rows = runs.map((run) => {
    const b = boundOf(run, cores);
    const c = run.cannon;
    const rps = c.ok / c.seconds;
    const non2xx = Object.values(c.non2xx).reduce((a, x) => a + x, 0);
    return [
      run.target,
      `${run.gateways}×${run.workers}`,
      run.round ?? 1,
      r1(rps),
      c.p50,
      c.p99,
      non2xx ? `${non2xx} ${JSON.stringify(c.non2xx)}` : 0,
      c.errors + c.timeouts,
      ...GROUPS.map((g) => b.cpuMsPerRequest[g]),
      (['gateway', 'search', 'opensearch'] as const)
        .map((g) => r2(run.cpuSeconds[g] / c.seconds))
        .join(' / '),
      r2(run.machineBusyCores),
      b.othersCores,
      `${b.bound} (${b.limitedBy}; box ${b.box}, gw ${b.gatewayProcesses}, wk ${b.workerProcesses})`,
      r2(rps / b.bound),
      b.boxLeft,
      `${r2(run.loadavg.before[0])}→${r2(run.loadavg.after[0])}`,
    ];
  });
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
