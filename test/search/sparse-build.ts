/**
 * The differential's build made as sparse as the record contract allows: the generator's records
 * (already sparse), plus, in a seeded share of them, the contract's shapes it does not write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Entity } from '@app/contracts';
import { CATALOG } from '@app/sql';
import { columnSource, Random } from '@app/testing';

export interface Sparsity {
  records: number;
  /** Records with at least one scalar search column unknown. */
  withNull: number;
  /** Records given a shape the generator does not write (`contractEdges`). */
  edges: number;
}

/** Share of the records given the contract's shapes the generator does not write. */
const EDGE_SHARE = 0.1;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function scalarUnknown(entity: Entity, r: Json): boolean {
  return [...CATALOG[entity].values()].some((c) => {
    if (c.kind === 'nested') return false;
    const source = columnSource(entity, c.name);
    if (source.kind !== 'scalar') return false;
    let v: unknown = r;
    for (const key of source.path) v = isObject(v) ? v[key] : undefined;
    return v === null || v === undefined || v === '';
  });
}

/**
 * Rewrites a generated (sparse) JSONL file: a seeded share of its records gets the record
 * contract's shapes the generator does not write (`contractEdges`), and some company display
 * names go to capitals ("ZÜRICH ACADEMY").
 */
export function sparsify(file: string, entity: Entity, seed: number): Sparsity {
  const records = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Json);
  const rng = new Random(seed + (entity === 'person' ? 11 : 12));
  let edges = 0;
  for (const r of records) {
    if (rng.chance(EDGE_SHARE) && contractEdges(entity, r, rng)) edges++;
    const name = r.name;
    if (entity === 'company' && rng.chance(0.1) && isObject(name) && typeof name.display === 'string') {
      name.display = name.display.toUpperCase();
    }
  }
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return { records: records.length, withNull: records.filter((r) => scalarUnknown(entity, r)).length, edges };
}

/**
 * Shapes the record contract allows that the sparse generator does not write (yet): a company
 * without a name or without its display form, a per-period metric with some periods unknown,
 * a ticker without its exchange, a job without its organization. True if anything changed.
 */
function contractEdges(entity: Entity, r: Json, rng: Random): boolean {
  let changed = false;
  const unset = (o: Json, key: string) => {
    o[key] = null;
    changed = true;
  };
  if (entity === 'person') {
    for (const job of Array.isArray(r.experience) ? (r.experience as Json[]) : []) {
      if (job.organization !== null && rng.chance(0.5)) unset(job, 'organization');
    }
    return changed;
  }
  if (isObject(r.name)) {
    if (typeof r.domain === 'string' && rng.chance(0.35)) unset(r, 'name');
    else if (rng.chance(0.3)) unset(r.name, 'display');
  }
  for (const metric of [
    'svc_new_hire_count',
    'svc_attrition_count',
    'svc_employee_growth_rate',
    'svc_turnover_rate',
  ]) {
    const periods = r[metric];
    if (isObject(periods) && rng.chance(0.4)) unset(periods, rng.pick(Object.keys(periods)));
  }
  for (const t of Array.isArray(r.tickers) ? (r.tickers as Json[]) : [])
    if (rng.chance(0.5)) unset(t, 'exchange');
  return changed;
}
