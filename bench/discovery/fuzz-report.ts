/**
 * The discovery fuzz's report: counts by status, entity and category, latency, the slowest
 * requests, every 5xx and hang, the machine; passed when there is no 5xx, no hang, no request over
 * the bound, and a plain description still answers 200 afterwards.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { quantile } from '../shared/latency';
import type { Category } from './fuzz-cases';
import { round } from './round';
import type { Reply } from './stack';

export interface Outcome {
  n: number;
  entity: 'person' | 'company';
  category: Category;
  status: number;
  ms: number;
  query: string;
  error?: string;
}

/** The status of a request that never answered. */
export const HANG = -1;

/** The run's settings, and when and how long it ran. */
export interface FuzzRun {
  args: {
    count: number;
    seed?: string;
    concurrency?: string;
    boundMs: number;
    hangMs: number;
    schema: string;
  };
  loadStart: number[];
  /** performance.now() at the start, build included. */
  started: number;
  fuzzSeconds: number;
  loadSeconds: number;
}

/** The JSON summary and the text report, taken now (the load average and wall time end here). */
export function fuzzReport(outcomes: Outcome[], run: FuzzRun, sanity: Reply | undefined) {
  const { args, loadStart, started, fuzzSeconds } = run;
  const { boundMs, hangMs } = args;
  const byStatus: Record<string, number> = {};
  const byCategory: Record<string, Record<string, number>> = {};
  const byEntity: Record<string, Record<string, number>> = {};
  for (const o of outcomes) {
    const s = o.status === HANG ? 'hang' : String(o.status);
    byStatus[s] = (byStatus[s] ?? 0) + 1;
    (byCategory[o.category] ??= {})[s] = (byCategory[o.category][s] ?? 0) + 1;
    (byEntity[o.entity] ??= {})[s] = (byEntity[o.entity][s] ?? 0) + 1;
  }
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const slowest = [...outcomes]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map((o) => ({
      n: o.n,
      ms: round(o.ms),
      status: o.status,
      entity: o.entity,
      category: o.category,
      query: o.query.length > 160 ? `${o.query.slice(0, 160)}… (${o.query.length} chars)` : o.query,
    }));
  const serverErrors = outcomes.filter((o) => o.status >= 500);
  const hangs = outcomes.filter((o) => o.status === HANG);
  const overBound = outcomes.filter((o) => o.ms > boundMs);
  const summary = {
    args,
    machine: {
      cpus: cpus().length,
      node: process.version,
      load_average_start: loadStart.map(round),
      load_average_end: loadavg().map(round),
      wall_seconds: round((performance.now() - started) / 1000),
      fuzz_seconds: round(fuzzSeconds),
      load_seconds: round(run.loadSeconds),
    },
    requests: outcomes.length,
    byStatus,
    byEntity,
    byCategory,
    latencyMs: {
      p50: round(quantile(ms, 0.5)),
      p99: round(quantile(ms, 0.99)),
      max: round(ms[ms.length - 1] ?? 0),
    },
    slowest,
    serverErrors: serverErrors.slice(0, 50),
    hangs: hangs.slice(0, 50),
    overBound: overBound.length,
    sanity: sanity ? { status: sanity.status, total: (sanity.body as { total?: number }).total } : null,
    passed:
      serverErrors.length === 0 && hangs.length === 0 && overBound.length === 0 && sanity?.status === 200,
  };
  const lines = [
    `${outcomes.length} requests in ${round(fuzzSeconds)} s (concurrency ${args.concurrency}): ${JSON.stringify(byStatus)}`,
    `per entity: ${JSON.stringify(byEntity)}`,
    'per category:',
    ...Object.entries(byCategory).map(([c, s]) => `  ${c.padEnd(10)} ${JSON.stringify(s)}`),
    `latency: p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms; over ${boundMs} ms: ${overBound.length}; no answer within ${hangMs} ms: ${hangs.length}`,
    'slowest:',
    ...slowest.map((s) => `  #${s.n}  ${s.ms} ms  ${s.status}  ${s.entity}  ${s.category}  ${s.query}`),
    `5xx: ${serverErrors.length}${serverErrors.length ? `, first: ${JSON.stringify(serverErrors[0])}` : ''}`,
    `after the run: a plain description answered ${sanity?.status}`,
    `machine: ${JSON.stringify(summary.machine)}`,
    summary.passed ? 'PASSED: no 5xx, no hang, every request within the bound' : 'FAILED',
  ];
  return { summary, lines };
}
