/**
 * The soak's figures from what autocannon recorded per second: every second that was not all
 * 2xx, 30 s windows (rate, latency, per path, load average from the samples) and the totals.
 */
import type { CannonOutput } from './cannon';

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** A step of the rolling restart, at `t` seconds after the run's clock started. */
export interface SoakEvent {
  t: number;
  what: string;
}

/**
 * `t0` is when the run's clock started (the events' and samples' zero); the cannon's own start
 * comes a little later, and the report gives an event's time on its clock too (t_cannon).
 */
export function figures(
  out: CannonOutput,
  samples: Array<Record<string, unknown>>,
  events: SoakEvent[],
  seconds: number,
  t0: number,
) {
  const offset = (out.t0 - t0) / 1000;
  const secs = Object.keys(out.buckets)
    .map(Number)
    .sort((a, b) => a - b);
  const perSecond = secs.map((s) => {
    const x = out.buckets[s];
    return {
      s,
      ok: x.ok,
      non2xx: Object.values(x.statuses).reduce((a, b) => a + b, 0),
      errors: Object.values(x.errors).reduce((a, b) => a + b, 0),
      statuses: x.statuses,
      error_codes: x.errors,
      p50: pct(
        [...x.ms].sort((a, b) => a - b),
        50,
      ),
      p99: pct(
        [...x.ms].sort((a, b) => a - b),
        99,
      ),
    };
  });
  const windows: Array<Record<string, unknown>> = [];
  for (let w = 0; w < seconds; w += 30) {
    const ms = secs
      .filter((s) => s >= w && s < w + 30)
      .flatMap((s) => out.buckets[s].ms)
      .sort((a, b) => a - b);
    const load = samples
      .filter((x) => (x.t as number) >= w && (x.t as number) < w + 30)
      .map((x) => (x.loadavg as number[])[0]);
    const byPath: Record<string, { n: number; p50: number; p99: number }> = {};
    for (const s of secs.filter((x) => x >= w && x < w + 30))
      for (const [k, v] of Object.entries(out.buckets[s].byPath ?? {}))
        ((byPath[k] as unknown as number[][]) ??= []).push(v);
    for (const k of Object.keys(byPath)) {
      const all = (byPath[k] as unknown as number[][]).flat().sort((a, b) => a - b);
      byPath[k] = { n: all.length, p50: pct(all, 50), p99: pct(all, 99) };
    }
    windows.push({
      from: w,
      by_path: byPath,
      responses: ms.length,
      rps: Math.round((ms.length / Math.min(30, seconds - w)) * 10) / 10,
      p50: pct(ms, 50),
      p99: pct(ms, 99),
      max: ms[ms.length - 1],
      loadavg1: load,
    });
  }
  const statusTotals: Record<string, number> = {};
  const errorTotals: Record<string, number> = {};
  let ok = 0;
  for (const s of secs) {
    ok += out.buckets[s].ok;
    for (const [k, v] of Object.entries(out.buckets[s].statuses))
      statusTotals[k] = (statusTotals[k] ?? 0) + v;
    for (const [k, v] of Object.entries(out.buckets[s].errors)) errorTotals[k] = (errorTotals[k] ?? 0) + v;
  }
  const r0 = Math.floor((events[0]?.t ?? seconds / 2) - offset);
  return {
    totals: { ...out.totals, ok, statuses: statusTotals, errors: errorTotals },
    events: events.map((ev) => ({ ...ev, t_cannon: Math.round((ev.t - offset) * 10) / 10 })),
    windows,
    per_second_bad: perSecond.filter((p) => p.non2xx + p.errors > 0),
    around_restart: perSecond.filter((p) => p.s >= r0 - 5 && p.s <= r0 + 45),
  };
}
