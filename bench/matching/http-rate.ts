/**
 * http.ts's `--rate` mode: each scenario offered a fixed number of requests per second (not a
 * closed loop of connections, whose latency is set by how many of them wait: at 32 connections
 * and 3,300 answers a second the mean is ~10 ms whatever the server does), with the bare Fastify
 * route offered the same rate and bodies just before it, in the same process, as the floor this
 * box sets at that rate.
 */
import { cannon } from '../shared/autocannon';
import { fixedRate, type RateMeasured } from '../shared/fixed-rate';
import { type CpuSample, cpuPerRequest } from './cpu-usage';
import { type Pauses, watchPauses } from './pauses';

export interface RateScenario {
  id: string;
  label: string;
  bodies: object[];
}

/** `--rate email=3000,name=1200,email=1500`: scenario ids with their offered rates, in order (one id may repeat). */
export function parseRates(spec: string): Array<{ id: string; rate: number }> {
  return spec.split(',').map((part) => {
    const [id, rate] = part.split('=');
    const n = Number(rate);
    if (!id || !(n > 0)) throw new Error(`--rate: "${part}" is not id=requests-per-second`);
    return { id, rate: n };
  });
}

export interface RateRunOptions {
  url: string;
  bareUrl: string;
  key: string;
  seconds: number;
  warmup: number;
  connections: number;
  sample: () => Promise<CpuSample>;
  /** Wraps the measured scenario run (CPU or allocation profiles); not the bare route's. */
  profiled: <T>(id: string, run: () => Promise<T>) => Promise<T>;
}

interface Measured {
  r: RateMeasured;
  pauses: Pauses;
  cpu: { processUs: number; postgresUs: number };
}

async function measure(
  o: RateRunOptions,
  url: string,
  bodies: object[],
  rate: number,
  wrap: <T>(run: () => Promise<T>) => Promise<T>,
): Promise<Measured> {
  const before = await o.sample();
  const watch = watchPauses();
  const r = await wrap(() => fixedRate(url, o.key, bodies, rate, o.seconds, o.connections));
  const pauses = watch.stop();
  const cpu = cpuPerRequest(before, await o.sample(), r.ok + r.failed);
  return { r, pauses, cpu };
}

const latencies = (r: RateMeasured) => `${r.p50} / ${r.p90} / ${r.p99} / ${r.max}`;

export const RATE_HEADER =
  `| scenario | offered/s | achieved/s | p50 / p90 / p99 / max ms | bare route at the same rate: achieved/s, p50 / p90 / p99 / max ms | ` +
  `event-loop delay p99 / max ms (bare) | GC % of time, scavenge max ms (bare) | CPU µs/req: gateway (bare) | Postgres | load generator | late sends | non-2xx |\n` +
  `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n`;

function row(s: RateScenario, m: Measured, bare: Measured): string {
  const failed = m.r.failed > 0 ? `${m.r.failed} (${m.r.firstError})` : '0';
  const late = (r: RateMeasured) => `${((100 * r.lateSends) / Math.max(1, r.ok + r.failed)).toFixed(1)}%`;
  return (
    `| ${s.label} | ${m.r.offered} | ${m.r.achieved} | ${latencies(m.r)} | ${bare.r.achieved}, ${latencies(bare.r)} | ` +
    `${m.pauses.loopDelayP99} / ${m.pauses.loopDelayMax} (${bare.pauses.loopDelayP99} / ${bare.pauses.loopDelayMax}) | ` +
    `${m.pauses.gcShare}, ${m.pauses.scavengeMax} (${bare.pauses.gcShare}, ${bare.pauses.scavengeMax}) | ` +
    `${m.cpu.processUs} (${bare.cpu.processUs}) | ${m.cpu.postgresUs} | ${m.r.generatorUs} | ${late(m.r)} (${late(bare.r)}) | ${failed} |\n`
  );
}

/** Runs each (scenario, rate) in order, printing a table row per pair as it completes. */
export async function runRates(
  o: RateRunOptions,
  scenarios: RateScenario[],
  rates: Array<{ id: string; rate: number }>,
  write: (line: string) => void,
): Promise<void> {
  write(RATE_HEADER);
  for (const { id, rate } of rates) {
    const s = scenarios.find((c) => c.id === id);
    if (!s) throw new Error(`--rate: no scenario "${id}"`);
    // A closed loop as fast as the gateway goes: at a modest rate the warm-up would not reach
    // every cycled person once, and the per-build caches would still be filling when measured.
    if (o.warmup > 0) await cannon(o.url, o.key, s.bodies, o.warmup, o.connections);
    const bare = await measure(o, o.bareUrl, s.bodies, rate, (run) => run());
    const m = await measure(o, o.url, s.bodies, rate, (run) => o.profiled(`${id}-${rate}`, run));
    write(row(s, m, bare));
  }
}
