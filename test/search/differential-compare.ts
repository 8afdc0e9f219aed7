/**
 * One query of the search differential (search-differential.e2e-spec) answered by the product and
 * by PostgreSQL over the slim reference tables, and what disagrees.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Client } from 'pg';
import {
  COMPANY_SEARCH_RESULT_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
  ServiceError,
  Entity,
} from '@app/contracts';
import { Random, referenceQuery } from '@app/testing';

/** Up to this many matches the whole id set is compared (paged with limit 100); above it, total + first page. */
export const FULL_COMPARE = 300;
const PAGE = 100;

export const SLIM_TABLE: Record<Entity, string> = { person: 'ref_person', company: 'ref_company' };
/** The cross-table values of the slim records (`elementTableSql`), which reference queries read. */
export const ELEMENT_TABLE: Record<Entity, string> = { person: 'ref_person_el', company: 'ref_company_el' };
const URL: Record<Entity, string> = { person: '/person/search', company: '/company/search' };
const RESULT_KEY: Record<Entity, string> = { person: 'person', company: 'company' };
/** Every search result carries each of these fields, `null` when the record lacks it. */
const RESULT_FIELDS: Record<Entity, readonly string[]> = {
  person: PERSON_SEARCH_RESULT_FIELDS,
  company: COMPANY_SEARCH_RESULT_FIELDS,
};

export interface Mismatch {
  sql: string;
  problem: string;
  reference_total?: number;
  search_total?: number;
  only_in_reference?: string[];
  only_in_search?: string[];
  offset?: number;
}

export interface Outcome {
  total: number;
  refused: boolean;
}

/** Time spent on each side and how many requests and plain-jsonb checks, summed over a run. */
export interface CompareStats {
  reference: number;
  search: number;
  requests: number;
  jsonb: number;
}

/** Where a query goes: the search (through the gateway) and the run's stats. */
export interface Paths {
  post(url: string, payload: object): Promise<LightMyRequestResponse>;
  stats: CompareStats;
}

/** What one query checks besides total and first page(s): a deep page, the plain jsonb reference. */
export interface Checks {
  rng: Random;
  deepPage: boolean;
  jsonb: boolean;
  client: Client;
}

/** One query through both paths; pushes what disagrees onto `mismatches`. */
export async function compare(
  { post, stats }: Paths,
  entity: Entity,
  sql: string,
  checks: Checks,
  mismatches: Mismatch[],
): Promise<Outcome> {
  const { rng, client } = checks;
  const referenceIds = async (where: { sql: string; params: unknown[] }) =>
    (
      await client.query(
        `SELECT r.svc_id FROM ${SLIM_TABLE[entity]} r WHERE ${where.sql} ORDER BY r.svc_id`,
        where.params,
      )
    ).rows.map((r: { svc_id: string }) => r.svc_id);
  let ref: ReturnType<typeof referenceQuery>;
  try {
    ref = referenceQuery(sql, entity, {
      record: 'r.record',
      elements: { table: ELEMENT_TABLE[entity], svcId: 'r.svc_id' },
    });
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code !== 'invalid_query') throw error;
    const res = await post(URL[entity], { query: sql, limit: PAGE });
    if (res.statusCode !== 400)
      mismatches.push({ sql, problem: `refused by parseQuery but answered ${res.statusCode}` });
    return { total: 0, refused: true };
  }
  // One scan: every matching id in svc_id order; totals and pages are cut from it.
  const refStarted = Date.now();
  const refAll = await referenceIds(ref);
  stats.reference += Date.now() - refStarted;
  if (checks.jsonb) {
    // The element table is an optimization of the plain form: both must give the same rows.
    const plain = await referenceIds(referenceQuery(sql, entity, { record: 'r.record' }));
    stats.jsonb++;
    if (plain.join() !== refAll.join()) {
      mismatches.push({
        sql,
        problem: 'reference: element-table form and jsonb EXISTS form differ',
        reference_total: refAll.length,
        search_total: plain.length,
      });
    }
  }
  const refTotal = refAll.length;
  const refIds = refAll.slice(0, FULL_COMPARE + 1);

  const searchPage = async (offset: number) => {
    const searchStarted = Date.now();
    const res = await post(URL[entity], { query: sql, limit: PAGE, offset });
    stats.search += Date.now() - searchStarted;
    stats.requests++;
    if (res.statusCode !== 200) {
      mismatches.push({
        sql,
        problem: `HTTP ${res.statusCode} at offset ${offset}: ${res.body.slice(0, 300)}`,
      });
      return null;
    }
    if (res.headers['total-count-status'] !== 'exact') {
      mismatches.push({ sql, problem: `Total-Count-Status ${String(res.headers['total-count-status'])}` });
    }
    const body = res.json() as { total: number; matches: Record<string, { svc_id: string }>[] };
    const lacking = RESULT_FIELDS[entity].filter((f) =>
      body.matches.some((m) => !(f in m[RESULT_KEY[entity]])),
    );
    if (lacking.length)
      mismatches.push({
        sql,
        problem: `results without the fields ${lacking.join(', ')} (unknown must be null)`,
      });
    return { total: body.total, ids: body.matches.map((m) => m[RESULT_KEY[entity]].svc_id) };
  };
  const diff = (problem: string, expected: string[], actual: string[], extra: Partial<Mismatch> = {}) => {
    const a = new Set(actual);
    const e = new Set(expected);
    mismatches.push({
      sql,
      problem,
      reference_total: refTotal,
      only_in_reference: expected.filter((id) => !a.has(id)).slice(0, 5),
      only_in_search: actual.filter((id) => !e.has(id)).slice(0, 5),
      ...extra,
    });
  };

  const first = await searchPage(0);
  if (!first) return { total: refTotal, refused: false };
  if (first.total !== refTotal) {
    mismatches.push({ sql, problem: 'total', reference_total: refTotal, search_total: first.total });
  }
  if (refTotal <= FULL_COMPARE) {
    const ids = [...first.ids];
    for (
      let offset = PAGE;
      offset < Math.min(Math.max(refTotal, first.total), FULL_COMPARE + 1);
      offset += PAGE
    ) {
      const page = await searchPage(offset);
      if (!page) return { total: refTotal, refused: false };
      ids.push(...page.ids);
    }
    if (ids.join() !== refIds.join()) diff('ids (all)', refIds, ids, { search_total: first.total });
  } else {
    if (first.ids.join() !== refIds.slice(0, PAGE).join()) {
      diff('ids (first page)', refIds.slice(0, PAGE), first.ids, { search_total: first.total });
    }
    if (checks.deepPage) {
      const offset = rng.int(PAGE, Math.min(refTotal, 10_000) - 1);
      const expected = refAll.slice(offset, offset + PAGE);
      const deep = await searchPage(offset);
      if (deep && deep.ids.join() !== expected.join())
        diff('ids (deep page)', expected, deep.ids, { offset });
    }
  }
  return { total: refTotal, refused: false };
}
