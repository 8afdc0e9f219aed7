import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  COMPANY_SEARCH_RESULT_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
  ServiceError,
  Entity,
} from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { CATALOG, parseQuery } from '@app/sql';
import {
  columnSource,
  createTestEnvironment,
  elementTableSql,
  elementValues,
  QueryFeatures,
  queryFeatures,
  QueryGenerator,
  QueryMix,
  Random,
  REFERENCE_TABLE,
  referenceQuery,
  sampleValuePools,
  scalarText,
  slimRecordSql,
  TestEnvironment,
} from '@app/testing';
import { COMPANIES_FILE, generateDataset, PEOPLE_FILE } from '../apps/cli/src/data-builds/generator';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { SearchStack, startSearchStack } from './search/harness';

/**
 * Differential test of search: random queries of the whole SQL subset, answered once by the
 * product (gateway → NATS → search worker → OpenSearch) and once by PostgreSQL running the
 * same query, translated from the same AST by `libs/testing/src/sql-reference.ts`, over the
 * same records. Every svc_id and every total must agree.
 *
 * The records are sparse, as real builds are: the generator's default build (the record
 * contract: unknown is `null`, lists may be empty), plus, in a seeded share of the records, the
 * contract's shapes the generator does not write (a company without a name, a metric with
 * unknown periods, a job without its organization: `sparsify`). They go through the real
 * loader (normalization, Postgres rows, projection, indices). The query mix leans on what SQL's
 * NULL logic hinges on: NOT, `!=`, OR and the columns often missing, and the test checks that
 * the mix has enough of each (docs/search-sql.md, "Missing values").
 */

const BUILD = '1.0.0_2026-11-21';
const SEED = 20260606;
const PEOPLE = 8_000;
const COMPANIES = 3_000;
/** At least 1,000 in all: each is compared in full (ids and total) against PostgreSQL. */
const QUERIES: Record<Entity, number> = { person: 700, company: 350 };
/** More NOT, OR, negated operators and often-missing columns than the generator's general mix. */
const MIX: QueryMix = { not: 0.33, or: 0.4, negated: 0.3, nullHeavyWeight: 4 };
/** The least share of each entity's queries that must exercise each feature (`queryFeatures`). */
const FEATURE_MIN: Record<keyof QueryFeatures, number> = {
  not: 0.3,
  notEqual: 0.25,
  or: 0.3,
  sparse: 0.7,
  negatedSparse: 0.3,
  notCrossTable: 0.1,
};
/** Up to this many matches the whole id set is compared (paged with limit 100); above it, total + first page. */
const FULL_COMPARE = 300;
/** Every so many queries with more matches, one page at a random offset is compared too. */
const DEEP_PAGE_EVERY = 3;
const PAGE = 100;
const CONCURRENCY = 3;

const SLIM_TABLE: Record<Entity, string> = { person: 'ref_person', company: 'ref_company' };
/** The cross-table values of the slim records (`elementTableSql`), which reference queries read. */
const ELEMENT_TABLE: Record<Entity, string> = { person: 'ref_person_el', company: 'ref_company_el' };
/** Every so many queries, the reference also runs in its plain form (EXISTS over the jsonb lists). */
const JSONB_CHECK_EVERY = 15;
/**
 * `d.record`: the stored record read once per row. A TOASTed jsonb is fetched and decompressed
 * again by every function reading it, i.e. once per path; `|| '{}'` makes one in-memory copy
 * and `OFFSET 0` keeps the planner from inlining it back into every use.
 */
const DETOASTED = (alias: string) =>
  `LATERAL (SELECT ${alias}.svc_id::text AS svc_id, ${alias}.record || '{}'::jsonb AS record OFFSET 0) AS d`;
const URL: Record<Entity, string> = { person: '/person/search', company: '/company/search' };
const RESULT_KEY: Record<Entity, string> = { person: 'person', company: 'company' };
/** Every search result carries each of these fields, `null` when the record lacks it. */
const RESULT_FIELDS: Record<Entity, readonly string[]> = {
  person: PERSON_SEARCH_RESULT_FIELDS,
  company: COMPANY_SEARCH_RESULT_FIELDS,
};

interface Mismatch {
  sql: string;
  problem: string;
  reference_total?: number;
  search_total?: number;
  only_in_reference?: string[];
  only_in_search?: string[];
  offset?: number;
}

interface Outcome {
  total: number;
  refused: boolean;
}

describe('search differential: OpenSearch path vs PostgreSQL reference', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'svc-search-diff-'));
  const timings: Record<string, number> = {};
  const pools: Partial<Record<Entity, Record<string, (string | number)[]>>> = {};
  const nullHeavy: Partial<Record<Entity, string[]>> = {};
  const sparsity: Partial<Record<Entity, Sparsity>> = {};
  const referenceClients: Client[] = [];

  const run = (sql: string, params: unknown[] = []) =>
    env.db.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;
  const post = (url: string, payload: object) => stack!.post(url, payload);
  const timed = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await f();
    } finally {
      timings[name] = Date.now() - started;
    }
  };

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '60000',
      SEARCH_TIMEOUT_MS: '30000',
      SEARCH_COUNT_BUDGET_MS: '30000',
      RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
    });
    await timed('generate', () =>
      generateDataset({ people: PEOPLE, companies: COMPANIES, seed: SEED, outDir: dir, buildVersion: BUILD }),
    );
    await timed('sparsify', async () => {
      sparsity.person = sparsify(join(dir, PEOPLE_FILE), 'person');
      sparsity.company = sparsify(join(dir, COMPANIES_FILE), 'company');
    });
    // The generator writes sparse builds: most records lack some search column.
    for (const entity of ['person', 'company'] as const)
      expect(sparsity[entity]!.withNull).toBeGreaterThan(sparsity[entity]!.records * 0.5);
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      const report = await timed('load', () =>
        loadBuild(env.db.dataSource, os, env.config.opensearch, { dir }),
      );
      expect([
        report.people.loaded,
        report.people.rejected,
        report.companies.loaded,
        report.companies.rejected,
      ]).toEqual([PEOPLE, 0, COMPANIES, 0]);
    } finally {
      await os.close();
    }
    for (const entity of ['person', 'company'] as const) {
      await timed(`slim ${entity}`, async () => {
        // PLAIN: neither compressed nor out of line, so a predicate reading the record does not
        // decompress it again (PostgreSQL detoasts a value anew for every function reading it).
        await run(
          `CREATE TABLE ${SLIM_TABLE[entity]} (svc_id text COLLATE "C" PRIMARY KEY, record jsonb NOT NULL)`,
        );
        await run(`ALTER TABLE ${SLIM_TABLE[entity]} ALTER COLUMN record SET STORAGE PLAIN`);
        await run(
          `INSERT INTO ${SLIM_TABLE[entity]}
           SELECT f.svc_id::text, ${slimRecordSql(entity, 'd.record')} FROM ${REFERENCE_TABLE[entity]} f, ${DETOASTED('f')}
            WHERE f.build_id = $1`,
          [BUILD],
        );
        await run(`ANALYZE ${SLIM_TABLE[entity]}`);
      });
      await timed(`elements ${entity}`, async () => {
        for (const statement of elementTableSql(entity, ELEMENT_TABLE[entity], SLIM_TABLE[entity]))
          await run(statement);
      });
      await timed(`pools ${entity}`, async () => {
        pools[entity] = await sampleValuePools(run, entity, { from: SLIM_TABLE[entity] });
        nullHeavy[entity] = await nullHeavyColumns(entity);
      });
    }
    // The reference's own connections: a `svc_id IN (subquery)` over the element table must be
    // a hashed subplan, which PostgreSQL plans only when its (overestimated) size fits work_mem;
    // otherwise it reruns the subquery for every row. JIT only adds compile time here.
    for (let i = 0; i < CONCURRENCY; i++) {
      const client = new Client({
        connectionString: env.db.config.url,
        application_name: 'svc-test-reference',
        options: `-c search_path=${env.db.schema} -c work_mem=256MB -c jit=off -c statement_timeout=120s`,
      });
      await client.connect();
      referenceClients.push(client);
    }
    stack = await startSearchStack(env, { name: 'differential', credits: 1_000_000_000, tier: 'enterprise' });
    console.log(
      `search differential setup (ms): ${JSON.stringify(timings)}; records: ${JSON.stringify(sparsity)}`,
    );
  }, 400_000);

  afterAll(async () => {
    await stack?.close();
    await Promise.all(referenceClients.map((c) => c.end()));
    // SEARCH_DIFF_KEEP=1 keeps the schema and indices to investigate a mismatch in psql.
    if (process.env.SEARCH_DIFF_KEEP === '1') {
      console.log(
        `search differential: kept schema ${env?.db.schema} and indices ${env?.config.opensearch.indexPrefix}*`,
      );
      await env?.db.dataSource.destroy();
    } else {
      await env?.cleanup();
    }
    rmSync(dir, { recursive: true, force: true });
    console.log(`search differential timings (ms): ${JSON.stringify(timings)}`);
  });

  /** Scalar columns with a NULL in at least 4 % of rows, cross-table columns empty as often. */
  async function nullHeavyColumns(entity: Entity): Promise<string[]> {
    const columns = [...CATALOG[entity].values()];
    const exprs = columns.map((c) =>
      c.kind === 'nested'
        ? `avg(CASE WHEN EXISTS (${elementValues(entity, c.name, 't.record')}) THEN 0 ELSE 1 END) AS "${c.name}"`
        : `avg(CASE WHEN ${scalarText(entity, c.name, 't.record')} IS NULL THEN 1 ELSE 0 END) AS "${c.name}"`,
    );
    const [row] = await run(`SELECT ${exprs.join(', ')} FROM ${SLIM_TABLE[entity]} t`);
    return columns.filter((c) => Number(row[c.name]) >= 0.04).map((c) => c.name);
  }

  it('keeps every path the reference reads in its slim copy of the records', async () => {
    for (const entity of ['person', 'company'] as const) {
      const differs = [...CATALOG[entity].values()].map((c) => {
        const read = (record: string) =>
          c.kind === 'nested'
            ? `ARRAY(SELECT x.v FROM (${elementValues(entity, c.name, record)}) x ORDER BY 1)`
            : scalarText(entity, c.name, record);
        return `(${read('d.record')}) IS DISTINCT FROM (${read('s.record')})`;
      });
      const [{ n, total }] = await run(
        `SELECT count(*) FILTER (WHERE ${differs.join(' OR ')}) AS n, count(*) AS total
           FROM ${REFERENCE_TABLE[entity]} f, ${DETOASTED('f')} JOIN ${SLIM_TABLE[entity]} s ON s.svc_id = d.svc_id
          WHERE f.build_id = $1`,
        [BUILD],
      );
      expect(Number(n)).toBe(0);
      expect(Number(total)).toBe(entity === 'person' ? PEOPLE : COMPANIES);
    }
  });

  /** One query through both paths; pushes what disagrees onto `mismatches`. */
  const stats = { reference: 0, search: 0, requests: 0, jsonb: 0 };

  /** What one query checks besides total and first page(s): a deep page, the plain jsonb reference. */
  interface Checks {
    rng: Random;
    deepPage: boolean;
    jsonb: boolean;
    client: Client;
  }

  async function compare(
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

  async function runQueries(entity: Entity): Promise<void> {
    const generator = new QueryGenerator({
      seed: SEED + (entity === 'person' ? 1 : 2),
      entity,
      pools: pools[entity]!,
      nullHeavy: nullHeavy[entity],
      mix: MIX,
    });
    const queries = Array.from({ length: QUERIES[entity] }, () => generator.next());
    const features = featureCounts(entity, queries, new Set(nullHeavy[entity]));
    const mismatches: Mismatch[] = [];
    const outcomes: Outcome[] = [];
    Object.assign(stats, { reference: 0, search: 0, requests: 0, jsonb: 0 });
    const started = Date.now();
    let next = 0;
    await Promise.all(
      referenceClients.map(async (client) => {
        while (next < queries.length) {
          const i = next++;
          // Its own stream per query, so the deep page a query checks does not depend on timing.
          const checks = {
            rng: new Random(SEED * 31 + i),
            deepPage: i % DEEP_PAGE_EVERY === 0,
            jsonb: i % JSONB_CHECK_EVERY === 0,
            client,
          };
          outcomes.push(await compare(entity, queries[i], checks, mismatches));
        }
      }),
    );
    const compared = outcomes.filter((o) => !o.refused);
    const bucket = (lo: number, hi: number) => compared.filter((o) => o.total >= lo && o.total <= hi).length;
    console.log(
      `search differential ${entity}: ${queries.length} queries, ${compared.length} compared, ` +
        `${outcomes.length - compared.length} refused by the parser, ${mismatches.length} mismatches, ` +
        `${Date.now() - started} ms (PostgreSQL ${stats.reference} ms, ${stats.requests} search requests ${stats.search} ms, summed over ${CONCURRENCY} lanes; ${stats.jsonb} also through the plain jsonb reference); totals 0: ${bucket(0, 0)}, 1-${FULL_COMPARE}: ${bucket(1, FULL_COMPARE)}, ` +
        `>${FULL_COMPARE}: ${bucket(FULL_COMPARE + 1, Infinity)}; features: ${JSON.stringify(features)}; ` +
        `null-heavy columns (${nullHeavy[entity]!.length} of ${CATALOG[entity].size}): ${nullHeavy[entity]!.join(', ')}`,
    );
    if (mismatches.length) console.log(`mismatches:\n${JSON.stringify(mismatches.slice(0, 20), null, 2)}`);
    expect(mismatches).toEqual([]);
    // The queries must be worth comparing: nearly all valid, many with matches, some big.
    expect(compared.length).toBeGreaterThanOrEqual(queries.length * 0.97);
    expect(bucket(1, Infinity)).toBeGreaterThanOrEqual(compared.length * 0.4);
    expect(bucket(FULL_COMPARE + 1, Infinity)).toBeGreaterThanOrEqual(compared.length * 0.1);
    expect(bucket(0, 0)).toBeGreaterThanOrEqual(compared.length * 0.05);
    // … and lean on missing values: NOT, !=, OR, often-missing columns, negations of them.
    const short = Object.entries(FEATURE_MIN)
      .filter(
        ([feature, share]) => features[feature as keyof QueryFeatures] < Math.ceil(queries.length * share),
      )
      .map(
        ([feature, share]) =>
          `${feature}: ${features[feature as keyof QueryFeatures]} < ${Math.ceil(queries.length * share)}`,
      );
    expect(short).toEqual([]);
    // Enough columns are often missing for the mix to mean something.
    expect(nullHeavy[entity]!.length).toBeGreaterThanOrEqual(6);
  }

  it(
    `answers ${QUERIES.person} random person queries exactly as PostgreSQL does`,
    () => runQueries('person'),
    400_000,
  );

  it(
    `answers ${QUERIES.company} random company queries exactly as PostgreSQL does`,
    () => runQueries('company'),
    200_000,
  );
});

/** How many of the queries exercise each feature. */
function featureCounts(
  entity: Entity,
  queries: string[],
  sparse: ReadonlySet<string>,
): Record<keyof QueryFeatures, number> {
  const counts = Object.fromEntries(Object.keys(FEATURE_MIN).map((k) => [k, 0])) as Record<
    keyof QueryFeatures,
    number
  >;
  for (const sql of queries) {
    let where;
    try {
      where = parseQuery(sql, entity).where;
    } catch {
      continue;
    }
    const f = queryFeatures(where, sparse);
    for (const k of Object.keys(counts) as (keyof QueryFeatures)[]) if (f[k]) counts[k]++;
  }
  return counts;
}

// ---- sparse records: the generator's, plus the contract's shapes it does not write

interface Sparsity {
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
function sparsify(file: string, entity: Entity): Sparsity {
  const records = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Json);
  const rng = new Random(SEED + (entity === 'person' ? 11 : 12));
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
