import { WORKFORCE_PERIOD_VALUES, Entity } from '@app/contracts';
import { assertNever, AstNode, CATALOG, parseQuery, PredicateNode } from '@app/sql';

/**
 * A test-only second implementation of search: the validated AST of a search query (from
 * `parseQuery`) translated into a plain PostgreSQL WHERE over the stored records
 * (`person_records.record` / `company_records.record` jsonb), so a differential test can
 * compare what OpenSearch returns with what SQL itself says, row for row.
 *
 * Semantics, as SPEC.md and docs/search-sql.md state them, left to PostgreSQL wherever it
 * already has them:
 * - a column missing from the record or JSON null is SQL NULL, and PostgreSQL's own
 *   three-valued AND / OR / NOT decides; a row is returned only when the condition is TRUE;
 * - text `=`, `!=`, `IN`, `NOT IN` compare `lower()` of both sides; `ILIKE` is PostgreSQL's
 *   ILIKE with its default escape character (backslash), exactly the pattern as written;
 * - enum values compare case-insensitively, booleans as booleans, numbers as float8 (what a
 *   JSON number is, and what OpenSearch compares integer, long and double fields as);
 * - a cross-table column is `EXISTS (SELECT 1 FROM jsonb_array_elements(<list>) WHERE …)`:
 *   TRUE when some element matches, FALSE otherwise (an empty or missing list included),
 *   never NULL.
 *
 * `opts.elements` swaps the EXISTS for `svc_id IN (…)` over an element table of the same lists
 * (`elementTableSql`): identical rows, without walking every row's lists for each query (the
 * differential suite checks a share of its queries in both forms).
 *
 * Which record field feeds each column is written out below, independently of
 * `libs/search-index/src/projection.ts` (the code under test), and says the same: person columns are
 * the record's top-level fields; cross-table lists keep only non-empty values (a record's ''
 * is "unknown"); company `name_cleaned`/`name_display` are `name.cleaned`/`name.display`,
 * `headline_cleaned`/`description_cleaned` are `headline.cleaned`/`description.cleaned` with
 * '' read as NULL, the workforce columns `<metric>_<period>` are `<metric>.<period>`.
 */

type Path = readonly string[];

/** Where a scalar column's value lives in the record. */
interface ScalarSource {
  readonly kind: 'scalar';
  readonly path: Path;
  /** '' reads as NULL (the projection's `cleaned()` of a TextVariant). */
  readonly emptyIsNull?: boolean;
}

/** Where a cross-table column's elements live: `list` (an array), each element's value at `element`. */
interface ListSource {
  readonly kind: 'list';
  readonly list: Path;
  readonly element: Path;
}

/** A cross-table column with at most one element (person `headline`, `summary`). */
interface SingleSource {
  readonly kind: 'single';
  readonly path: Path;
}

export type ColumnSource = ScalarSource | ListSource | SingleSource;

const scalar = (path: Path, emptyIsNull = false): ScalarSource => ({ kind: 'scalar', path, emptyIsNull });
const list = (path: Path, element: Path): ListSource => ({ kind: 'list', list: path, element });

const PERSON_SOURCES: Record<string, ColumnSource> = {
  skills: list(['skills'], ['cleaned']),
  languages: list(['languages'], ['cleaned']),
  headline: { kind: 'single', path: ['headline', 'cleaned'] },
  summary: { kind: 'single', path: ['summary', 'cleaned'] },
  title: list(['experience'], ['title', 'cleaned']),
  organization_name: list(['experience'], ['organization', 'name', 'cleaned']),
  description: list(['experience'], ['description', 'cleaned']),
};

const COMPANY_SOURCES: Record<string, ColumnSource> = {
  name_cleaned: scalar(['name', 'cleaned']),
  name_display: scalar(['name', 'display']),
  headline_cleaned: scalar(['headline', 'cleaned'], true),
  description_cleaned: scalar(['description', 'cleaned'], true),
  ticker_symbol: list(['tickers'], ['ticker_symbol']),
  exchange: list(['tickers'], ['exchange']),
  social_url: list(['socials'], ['url']),
  alt_domain: list(['alt_domains'], []),
  ...Object.fromEntries(
    ['svc_new_hire_count', 'svc_attrition_count', 'svc_employee_growth_rate', 'svc_turnover_rate'].flatMap(
      (metric) => WORKFORCE_PERIOD_VALUES.map((p) => [`${metric}_${p}`, scalar([metric, p])]),
    ),
  ),
};

/** The record field behind a search column; every other scalar column is the top-level field of its name. */
export function columnSource(entity: Entity, column: string): ColumnSource {
  const info = CATALOG[entity].get(column);
  if (!info) throw new Error(`${column} is not a ${entity} search column`);
  const source = (entity === 'person' ? PERSON_SOURCES : COMPANY_SOURCES)[column] ?? scalar([column]);
  if ((info.kind === 'nested') !== (source.kind !== 'scalar')) {
    throw new Error(`${entity}.${column} is ${info.kind} but its reference source is ${source.kind}`);
  }
  return source;
}

/** The stored-records table of each entity. */
export const REFERENCE_TABLE: Readonly<Record<Entity, string>> = {
  person: 'person_records',
  company: 'company_records',
};

const textArray = (path: Path) => `'{${path.map((p) => `"${p}"`).join(',')}}'`;

/** `record #>> '{a,b}'`: the value as text, NULL when missing or JSON null. */
function textAt(record: string, path: Path): string {
  return path.length === 0 ? `(${record} #>> '{}')` : `(${record} #>> ${textArray(path)})`;
}

/** The elements of a list, a missing or non-array value read as an empty list. */
function elementsOf(record: string, path: Path): string {
  const json = `(${record} #> ${textArray(path)})`;
  return `jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} ELSE '[]'::jsonb END)`;
}

/** A scalar column's value as SQL text (NULL for SQL NULL). */
export function scalarText(entity: Entity, column: string, record = 'record'): string {
  const source = columnSource(entity, column);
  if (source.kind !== 'scalar') throw new Error(`${column} is a cross-table column`);
  const value = textAt(record, source.path);
  return source.emptyIsNull ? `NULLIF(${value}, '')` : value;
}

/**
 * `SELECT v FROM …`: the values of a cross-table column, one row per non-empty element (the
 * projection drops empty values), as a subquery with the value column `v`.
 */
export function elementValues(entity: Entity, column: string, record = 'record'): string {
  const source = columnSource(entity, column);
  switch (source.kind) {
    case 'list':
      return `SELECT v FROM (SELECT ${textAt('_el', source.element)} AS v FROM ${elementsOf(record, source.list)} AS _el) AS els WHERE v <> ''`;
    case 'single':
      return `SELECT v FROM (SELECT ${textAt(record, source.path)} AS v) AS els WHERE v <> ''`;
    case 'scalar':
      throw new Error(`${column} is not a cross-table column`);
  }
}

export interface ReferenceWhere {
  /** A boolean SQL expression over `record`; `$1`… refer to `params`. */
  readonly sql: string;
  readonly params: unknown[];
}

export interface ReferenceOptions {
  /** The jsonb record: a column name or `alias.record`. Default `record`. */
  record?: string;
  /**
   * An element table built by `elementTableSql` over the same records, and the expression of
   * the row's svc_id. Cross-table conditions then read the table instead of the record's lists:
   * `svc_id IN (the ids of the values that match)` is the same EXISTS, but ILIKE runs once per
   * distinct value instead of once per element of every row, which otherwise dominates a
   * reference query's time.
   */
  elements?: { table: string; svcId: string };
}

/**
 * The AST as a PostgreSQL condition over the jsonb record. `params` is appended to, so several
 * conditions can share one parameter list.
 */
export function referenceWhere(
  where: AstNode,
  entity: Entity,
  opts: ReferenceOptions = {},
  params: unknown[] = [],
): ReferenceWhere {
  const record = opts.record ?? 'record';
  const param = (value: string | number): string => {
    params.push(typeof value === 'number' ? String(value) : value);
    return `$${params.length}::${typeof value === 'number' ? 'float8' : 'text'}`;
  };
  const node = (n: AstNode): string => {
    switch (n.kind) {
      case 'and':
        return `(${n.operands.map(node).join(' AND ')})`;
      case 'or':
        return `(${n.operands.map(node).join(' OR ')})`;
      case 'not':
        return `(NOT ${node(n.operand)})`;
      default:
        return predicate(n);
    }
  };
  const predicate = (n: PredicateNode): string => {
    switch (n.kind) {
      case 'compare': {
        const value = scalarText(entity, n.column, record);
        if (n.columnKind === 'numeric') return `(${value}::float8 ${sqlOp(n.op)} ${param(n.value)})`;
        // Text and enum columns take only = and != (the validator refuses the rest).
        return `(lower(${value}) ${sqlOp(n.op)} lower(${param(n.value)}))`;
      }
      case 'in': {
        const value = scalarText(entity, n.column, record);
        const member =
          n.columnKind === 'numeric'
            ? `(${value}::float8 IN (${n.values.map(param).join(', ')}))`
            : `(lower(${value}) IN (${n.values.map((v) => `lower(${param(v)})`).join(', ')}))`;
        return n.negated ? `(NOT ${member})` : member;
      }
      case 'like': {
        const matches = `(${scalarText(entity, n.column, record)} ILIKE ${param(n.pattern)})`;
        return n.negated ? `(NOT ${matches})` : matches;
      }
      case 'bool':
        return `(${scalarText(entity, n.column, record)}::boolean = ${n.value ? 'TRUE' : 'FALSE'})`;
      case 'nested': {
        const test = (v: string) =>
          n.op === '=' ? `lower(${v}) = lower(${param(n.value)})` : `${v} ILIKE ${param(n.value)}`;
        columnSource(entity, n.column);
        if (opts.elements) {
          const { table, svcId } = opts.elements;
          return `(${svcId} IN (SELECT unnest(e.ids) FROM ${table} e WHERE e.col = '${n.column}' AND ${test('e.v')}))`;
        }
        return `EXISTS (SELECT 1 FROM (${elementValues(entity, n.column, record)}) AS x WHERE ${test('x.v')})`;
      }
      default:
        return assertNever(n);
    }
  };
  return { sql: node(where), params };
}

/**
 * Statements creating `table` (`col`, `v`, `ids`): every distinct non-empty value `v` of every
 * cross-table column `col` (read by `elementValues`, the same paths as the EXISTS form) with the
 * svc_ids of the records holding it, from `from`, a table or subquery with a jsonb `record` and
 * a text `svc_id`.
 */
export function elementTableSql(entity: Entity, table: string, from: string): string[] {
  const nested = [...CATALOG[entity].values()].filter((c) => c.kind === 'nested');
  const parts = nested.map(
    (c) =>
      `SELECT '${c.name}'::text AS col, x.v, t.svc_id FROM ${from} AS t, LATERAL (${elementValues(entity, c.name, 't.record')}) AS x`,
  );
  return [
    `CREATE TABLE ${table} AS SELECT col, v, array_agg(DISTINCT svc_id) AS ids FROM (${parts.join(' UNION ALL ')}) AS els GROUP BY col, v`,
    `CREATE INDEX ON ${table} (col)`,
    `ANALYZE ${table}`,
  ];
}

function sqlOp(op: string): string {
  return op === '!=' ? '<>' : op;
}

/** `parseQuery` + `referenceWhere`: a search query string as a PostgreSQL condition. */
export function referenceQuery(
  sql: string,
  expected?: Entity,
  opts: ReferenceOptions = {},
): ReferenceWhere & { entity: Entity } {
  const { entity, where } = parseQuery(sql, expected);
  return { entity, ...referenceWhere(where, entity, opts) };
}

/**
 * A jsonb expression keeping only the parts of `record` the reference reads, at the same
 * paths, so a reference query runs unchanged on a slim copy of the records (the full person
 * record is ~9 KB of TOASTed jsonb; reading it for every query dominates the time).
 */
export function slimRecordSql(entity: Entity, record = 'record'): string {
  const paths: Path[] = [['svc_id']];
  for (const column of CATALOG[entity].keys()) {
    const source = columnSource(entity, column);
    if (source.kind === 'list') paths.push([...source.list, '[]', ...source.element]);
    else paths.push(source.path);
  }
  return prune(record, paths);
}

function prune(expr: string, paths: readonly Path[]): string {
  if (paths.some((p) => p.length === 0)) return expr;
  if (paths[0][0] === '[]') {
    const inner = prune(
      'e',
      paths.map((p) => p.slice(1)),
    );
    return `(SELECT COALESCE(jsonb_agg(${inner}), '[]'::jsonb) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${expr}) = 'array' THEN ${expr} ELSE '[]'::jsonb END) AS e)`;
  }
  const byKey = new Map<string, Path[]>();
  for (const p of paths) byKey.set(p[0], [...(byKey.get(p[0]) ?? []), p.slice(1)]);
  const parts = [...byKey].map(([key, rest]) => {
    const child = `(${expr} -> '${key}')`;
    // A missing or JSON-null key stays null, which every reader treats like the original.
    return `'${key}', CASE WHEN jsonb_typeof(${child}) IN ('object', 'array') THEN ${prune(child, rest)} ELSE ${child} END`;
  });
  return `jsonb_build_object(${parts.join(', ')})`;
}

type Run = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface ValuePoolOptions {
  /** A table (or subquery) with a jsonb `record` column and a text `svc_id` column. */
  from: string;
  /** Distinct values kept per column (a deterministic, well-spread sample). Default 150. */
  distinct?: number;
  /** Values kept per column in proportion to how often they occur. Default 150. */
  weighted?: number;
}

/**
 * Values present in the data, per search column, for a query generator: a sample of the
 * distinct values (rare ones included) plus a sample of rows' values (frequent ones more
 * often). Deterministic for the same data: samples are ordered by md5, not random().
 */
export async function sampleValuePools(
  run: Run,
  entity: Entity,
  opts: ValuePoolOptions,
): Promise<Record<string, (string | number)[]>> {
  const distinct = opts.distinct ?? 150;
  const weighted = opts.weighted ?? 150;
  const pools: Record<string, (string | number)[]> = {};
  for (const [column, info] of CATALOG[entity]) {
    if (info.kind === 'boolean' || info.kind === 'enum') continue;
    const values =
      info.kind === 'nested'
        ? `SELECT t.svc_id, x.v FROM ${opts.from} AS t, LATERAL (${elementValues(entity, column, 't.record')}) AS x`
        : `SELECT t.svc_id, ${scalarText(entity, column, 't.record')} AS v FROM ${opts.from} AS t`;
    const rows = await run(
      `WITH vals AS (${values}), present AS (SELECT * FROM vals WHERE v IS NOT NULL)
       (SELECT v FROM (SELECT DISTINCT v FROM present) d ORDER BY md5(v) LIMIT ${distinct})
       UNION ALL
       (SELECT v FROM present ORDER BY md5(svc_id || v) LIMIT ${weighted})`,
    );
    pools[column] = rows.map((r) => (info.kind === 'numeric' ? Number(r.v) : String(r.v)));
  }
  return pools;
}
