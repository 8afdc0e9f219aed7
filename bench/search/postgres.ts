import { Pool } from 'pg';
import { parseQuery } from '@app/sql';
import { quoteIdent } from '@app/store';
import { elementTableSql, referenceWhere, scalarText } from '../../libs/testing/src/sql-reference';

/** Cross-table values (`elementTableSql`) of the people in the build; built once, kept with the schema. */
const ELEMENTS = 'bench_search_elements';

/**
 * How the reference reads a cross-table column: `exists` walks the row's jsonb list, `elements`
 * looks the value up in the element table (`svc_id IN (…)`, trigram-indexed). The planner
 * estimates the ids unnested from the element table at 10 rows, so `elements` drives a nested
 * loop over every id holding the value, detoasting each record to test the other predicates.
 */
export const CROSS_FORMS = ['exists', 'elements'] as const;
export type CrossForm = (typeof CROSS_FORMS)[number];

/**
 * Connections as the differential suite sets them: a `svc_id IN (subquery)` over the element
 * table is a hashed subplan only when its (overestimated) size fits work_mem, otherwise the
 * subquery reruns per row; JIT compiles for longer than these queries run.
 */
export function createPgPool(url: string, schema: string, size: number): Pool {
  return new Pool({
    connectionString: url,
    max: size,
    application_name: 'svc-bench-search',
    options: `-c search_path=${quoteIdent(schema)} -c work_mem=256MB -c jit=off`,
  });
}

export interface PgSetup {
  /** Every statement run, in order, with its time: the indexes the figures depend on. */
  statements: Array<{ sql: string; ms: number }>;
}

/**
 * Indexes for the benchmark's predicates on the reference translation's own expressions (the
 * planner only uses an expression index whose expression matches the query's): btree on
 * lower(city) and lower(seniority_level), trigram GIN on job_title; with the `elements` form,
 * the element table of skills with a trigram GIN on its values (the `exists` form has nothing
 * to index: it tests the list of each row the other predicates leave). IF NOT EXISTS
 * everywhere, so a second run on the same build reuses them. pg_trgm goes into `public`, never
 * the bench schema: dropping that schema must not take with it the extension another build's
 * indexes use.
 */
export async function preparePostgres(pool: Pool, buildId: string, cross: CrossForm): Promise<PgSetup> {
  const statements: PgSetup['statements'] = [];
  const exec = async (sql: string) => {
    const t = Date.now();
    await pool.query(sql);
    statements.push({ sql, ms: Date.now() - t });
  };
  await exec('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  const { rows } = await pool.query(
    `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`,
  );
  const trgm = `${rows[0].schema}.gin_trgm_ops`;
  const text = (column: string) => scalarText('person', column);
  await exec(`CREATE INDEX IF NOT EXISTS bench_search_city ON person_records (lower(${text('city')}))`);
  await exec(
    `CREATE INDEX IF NOT EXISTS bench_search_seniority ON person_records (lower(${text('seniority_level')}))`,
  );
  await exec(
    `CREATE INDEX IF NOT EXISTS bench_search_job_title_trgm ON person_records USING gin (${text('job_title')} ${trgm})`,
  );
  const exists = await pool.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [ELEMENTS]);
  if (cross === 'elements' && !exists.rows[0].present) {
    // Only the skills lists: the other cross-table columns (summaries, experience descriptions)
    // would make the table many times larger and no benchmark query reads them.
    const build = buildId.replace(/'/g, "''");
    const from = `(SELECT svc_id, jsonb_build_object('skills', record -> 'skills') AS record FROM person_records WHERE build_id = '${build}')`;
    for (const sql of elementTableSql('person', ELEMENTS, from)) await exec(sql);
  }
  if (cross === 'elements')
    await exec(`CREATE INDEX IF NOT EXISTS bench_search_elements_trgm ON ${ELEMENTS} USING gin (v ${trgm})`);
  await exec('ANALYZE person_records');
  return { statements };
}

export interface PgAnswer {
  ids: string[];
  total: number;
}

/** The page and count statements of a search query: the reference translation of its AST over the build's rows. */
export function pgStatements(
  buildId: string,
  sql: string,
  limit: number,
  cross: CrossForm,
): { page: string; count: string; params: unknown[] } {
  const { where } = parseQuery(sql, 'person');
  const elements = cross === 'elements' ? { table: ELEMENTS, svcId: 'p.svc_id' } : undefined;
  const { sql: condition, params } = referenceWhere(where, 'person', { record: 'p.record', elements }, [
    buildId,
  ]);
  const from = `FROM person_records p WHERE p.build_id = $1 AND ${condition}`;
  return {
    // uuid order is the order of the lowercase text OpenSearch sorts svc_id by.
    page: `SELECT p.svc_id::text AS svc_id, p.record ${from} ORDER BY p.svc_id LIMIT ${limit}`,
    count: `SELECT count(*)::int AS n ${from}`,
    params,
  };
}

/** A search as PostgreSQL answers it, shaped like the worker's work: the page and the exact count, in parallel. */
export function pgSearch(
  pool: Pool,
  buildId: string,
  sql: string,
  limit: number,
  cross: CrossForm,
): () => Promise<PgAnswer> {
  const { page, count, params } = pgStatements(buildId, sql, limit, cross);
  return async () => {
    const [rows, counted] = await Promise.all([pool.query(page, params), pool.query(count, params)]);
    return { ids: rows.rows.map((r: { svc_id: string }) => r.svc_id), total: counted.rows[0].n as number };
  };
}
