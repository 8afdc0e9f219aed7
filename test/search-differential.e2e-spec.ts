import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Entity } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { CATALOG, parseQuery } from '@app/sql';
import {
  createTestEnvironment,
  elementTableSql,
  elementValues,
  QueryFeatures,
  queryFeatures,
  QueryGenerator,
  QueryMix,
  Random,
  REFERENCE_TABLE,
  sampleValuePools,
  scalarText,
  slimRecordSql,
  TestEnvironment,
} from '@app/testing';
import { COMPANIES_FILE, generateDataset, PEOPLE_FILE } from '../apps/cli/src/data-builds/generator';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import {
  compare,
  CompareStats,
  ELEMENT_TABLE,
  FULL_COMPARE,
  Mismatch,
  Outcome,
  Paths,
  SLIM_TABLE,
} from './search/differential-compare';
import { SearchStack, startSearchStack } from './search/harness';
import { Sparsity, sparsify } from './search/sparse-build';

/**
 * Differential test of search: random queries of the whole SQL subset, answered once by the
 * product (gateway → NATS → search worker → OpenSearch) and once by PostgreSQL running the
 * same query, translated from the same AST by `libs/testing/src/sql-reference.ts`, over the
 * same records. Every svc_id and every total must agree.
 *
 * The records are sparse, as real builds are: the generator's default build (the record
 * contract: unknown is `null`, lists may be empty), plus, in a seeded share of the records, the
 * contract's shapes the generator does not write (a company without a name, a metric with
 * unknown periods, a job without its organization: `sparse-build.ts`). They go through the real
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
/** Every so many queries with more matches, one page at a random offset is compared too. */
const DEEP_PAGE_EVERY = 3;
const CONCURRENCY = 3;

/** Every so many queries, the reference also runs in its plain form (EXISTS over the jsonb lists). */
const JSONB_CHECK_EVERY = 15;
/**
 * `d.record`: the stored record read once per row. A TOASTed jsonb is fetched and decompressed
 * again by every function reading it, i.e. once per path; `|| '{}'` makes one in-memory copy
 * and `OFFSET 0` keeps the planner from inlining it back into every use.
 */
const DETOASTED = (alias: string) =>
  `LATERAL (SELECT ${alias}.svc_id::text AS svc_id, ${alias}.record || '{}'::jsonb AS record OFFSET 0) AS d`;

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
  const stats: CompareStats = { reference: 0, search: 0, requests: 0, jsonb: 0 };
  const paths: Paths = { post: (url, payload) => stack!.post(url, payload), stats };
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
      sparsity.person = sparsify(join(dir, PEOPLE_FILE), 'person', SEED);
      sparsity.company = sparsify(join(dir, COMPANIES_FILE), 'company', SEED);
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
          outcomes.push(await compare(paths, entity, queries[i], checks, mismatches));
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
