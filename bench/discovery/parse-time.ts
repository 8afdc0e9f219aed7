/**
 * Parse time in this process: `interpret` + `toSql` (libs/discovery) with the served build's
 * vocabulary on every description, warmed up, then interleaved passes.
 */
import { performance } from 'node:perf_hooks';
import type { Entity } from '@app/contracts';
import { CompiledVocabulary, interpret, toSql } from '@app/discovery';
import { quantile } from '../shared/latency';
import type { LabelledRow } from './labelled';
import { round } from './round';

export interface ParseTiming {
  descriptions: number;
  iterations: number;
  calls: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** Per description, the median of its iterations: the slowest description's. */
  slowestMedian: { description: string; ms: number };
}

export function parseTime(
  entity: Entity,
  rows: readonly LabelledRow[],
  vocabulary: CompiledVocabulary,
  today: string,
  iterations: number,
): ParseTiming {
  const run = (d: string) => {
    const r = interpret(d, entity, { vocabulary, today });
    if (r.filters.length > 0) {
      try {
        toSql(r.filters, entity);
      } catch {
        // refused lists are answered 400 by the service; the time still counts
      }
    }
  };
  for (let w = 0; w < 20; w++) for (const row of rows) run(row.description);
  const all: number[] = [];
  let slowest = { description: '', ms: 0 };
  const perDescription = rows.map(() => [] as number[]);
  // Interleaved: each pass runs every description once, so a GC or a neighbour's burst is
  // spread over descriptions rather than landing on one.
  for (let it = 0; it < iterations; it++) {
    rows.forEach((row, i) => {
      const t = performance.now();
      run(row.description);
      const ms = performance.now() - t;
      all.push(ms);
      perDescription[i].push(ms);
    });
  }
  rows.forEach((row, i) => {
    const sorted = perDescription[i].sort((a, b) => a - b);
    const med = quantile(sorted, 0.5);
    if (med > slowest.ms) slowest = { description: row.description, ms: round(med, 4) };
  });
  all.sort((a, b) => a - b);
  return {
    descriptions: rows.length,
    iterations,
    calls: all.length,
    p50: round(quantile(all, 0.5), 4),
    p99: round(quantile(all, 0.99), 4),
    max: round(all[all.length - 1], 3),
    mean: round(all.reduce((x, y) => x + y, 0) / all.length, 4),
    slowestMedian: slowest,
  };
}
