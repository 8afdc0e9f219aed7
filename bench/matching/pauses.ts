/**
 * What stops the in-process gateway's event loop during a scenario: garbage-collection pauses
 * by kind and the event loop's delay. With 32 requests in flight every stop delays all of
 * them, so these are what a p99 far above the p50 is read against.
 */
import {
  constants,
  monitorEventLoopDelay,
  type PerformanceEntry,
  PerformanceObserver,
} from 'node:perf_hooks';
import { quantile } from '../shared/latency';

export interface Pauses {
  scavenges: number;
  scavengeP50: number;
  scavengeMax: number;
  fullGcs: number;
  fullGcMax: number;
  /** Share of the scenario's wall time spent in any collection, %. */
  gcShare: number;
  loopDelayP99: number;
  loopDelayMax: number;
}

const round = (x: number) => Math.round(x * 10) / 10;

export function watchPauses(): { stop: () => Pauses } {
  const scavenges: number[] = [];
  const full: number[] = [];
  let total = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      total += e.duration;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges.push(e.duration);
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) full.push(e.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 2 });
  loop.enable();
  const started = performance.now();
  return {
    stop: () => {
      observer.disconnect();
      loop.disable();
      const wall = performance.now() - started;
      scavenges.sort((a, b) => a - b);
      return {
        scavenges: scavenges.length,
        scavengeP50: round(quantile(scavenges, 0.5)),
        scavengeMax: round(scavenges.at(-1) ?? 0),
        fullGcs: full.length,
        fullGcMax: round(Math.max(0, ...full)),
        gcShare: round((100 * total) / wall),
        loopDelayP99: round(loop.percentile(99) / 1e6),
        loopDelayMax: round(loop.max / 1e6),
      };
    },
  };
}

export function pausesLine(label: string, p: Pauses): string {
  return (
    `  ${label}: ${p.scavenges} scavenges (p50 ${p.scavengeP50} ms, max ${p.scavengeMax} ms), ` +
    `${p.fullGcs} full collections (max ${p.fullGcMax} ms), ${p.gcShare}% of the time in GC; ` +
    `event-loop delay p99 ${p.loopDelayP99} ms, max ${p.loopDelayMax} ms\n`
  );
}
