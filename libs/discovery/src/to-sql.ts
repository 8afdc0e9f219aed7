import { Entity } from '@app/contracts';
import { parseQuery, ParsedQuery, TABLE_OF } from '@app/sql';
import { COMPANY, PERSON } from './columns';
import { assertNever, Bounds, Filter, LeafFilter, Organization, Place, RangeFilter } from './filters';
import { readFilters } from './read-filters';
import { sizesFor } from './size-buckets';
import {
  containsPattern,
  endsPattern,
  sqlNumber,
  sqlString,
  startsPattern,
  wordStartPatterns,
} from './sql-text';

/** Thrown by `toSql` for a filter list that `readFilters` refuses; `problems` says why. */
export class InvalidFiltersError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid discovery filters: ${problems.join('; ')}`);
    this.name = 'InvalidFiltersError';
  }
}

/**
 * The SQL-subset query of a filter list: `SELECT * FROM people|companies WHERE …`, the filters
 * joined by AND, a list filter's values by OR (or IN), a negated filter as `NOT (…)`. Columns
 * come from `columns.ts` only. The input is re-checked first (`readFilters`), so a model's
 * object cast to `Filter[]` cannot smuggle anything in; an empty or invalid list throws
 * `InvalidFiltersError`.
 */
export function toSql(filters: readonly Filter[], entity: Entity): string {
  const read = readFilters(filters, entity);
  if (!read.ok) throw new InvalidFiltersError(read.problems);
  const where = and(read.filters.map((f) => condition(f, entity)));
  return `SELECT * FROM ${TABLE_OF[entity]} WHERE ${render(where, 'top')}`;
}

/** `toSql`, then the search parser and validator over the result: nothing generated is trusted. */
export function toQuery(filters: readonly Filter[], entity: Entity): { sql: string; query: ParsedQuery } {
  const sql = toSql(filters, entity);
  return { sql, query: parseQuery(sql, entity) };
}

// ---- a tiny condition tree, rendered with the parentheses a reader needs

type Cond =
  | { readonly t: 'pred'; readonly sql: string }
  | { readonly t: 'and' | 'or'; readonly parts: readonly Cond[] }
  | { readonly t: 'not'; readonly of: Cond };

const pred = (sql: string): Cond => ({ t: 'pred', sql });
const not = (of: Cond): Cond => ({ t: 'not', of });
const join = (t: 'and' | 'or', parts: readonly Cond[]): Cond => {
  const flat = parts.flatMap((p) => (p.t === t ? p.parts : [p]));
  return flat.length === 1 ? flat[0] : { t, parts: flat };
};
const and = (parts: readonly Cond[]) => join('and', parts);
const or = (parts: readonly Cond[]) => join('or', parts);

function render(c: Cond, parent: 'top' | 'and' | 'or' | 'not'): string {
  switch (c.t) {
    case 'pred':
      return c.sql;
    case 'not':
      return `NOT (${render(c.of, 'not')})`;
    case 'and':
    case 'or': {
      const text = c.parts.map((p) => render(p, c.t)).join(c.t === 'and' ? ' AND ' : ' OR ');
      return parent === 'top' || parent === 'not' ? text : `(${text})`;
    }
  }
}

// ---- predicates

/** `col = 'v'` or `col IN (…)`; cross-table columns take no IN, so their lists are ORs of `=`. */
function equalsAny(column: string, values: readonly string[], crossTable = false): Cond {
  const unique = [...new Set(values)];
  if (unique.length === 1 || crossTable) return or(unique.map((v) => pred(`${column} = ${sqlString(v)}`)));
  return pred(`${column} IN (${unique.map(sqlString).join(', ')})`);
}

/** Short terms ("cto", "vp", "pm") would match inside other words, so they match at a word start. */
const SHORT_TERM = 3;
function titleMatch(column: string, term: string): Cond {
  if ([...term].length > SHORT_TERM) return pred(`${column} ILIKE ${containsPattern(term)}`);
  return or(wordStartPatterns(term).map((p) => pred(`${column} ILIKE ${p}`)));
}

function bounded(column: string, b: Bounds): Cond {
  if (b.gte !== undefined && b.gte === b.lte) return pred(`${column} = ${sqlNumber(b.gte)}`);
  const parts: Cond[] = [];
  if (b.gt !== undefined) parts.push(pred(`${column} > ${sqlNumber(b.gt)}`));
  if (b.gte !== undefined) parts.push(pred(`${column} >= ${sqlNumber(b.gte)}`));
  if (b.lt !== undefined) parts.push(pred(`${column} < ${sqlNumber(b.lt)}`));
  if (b.lte !== undefined) parts.push(pred(`${column} <= ${sqlNumber(b.lte)}`));
  return and(parts);
}

/** Places grouped by level and, for cities, by the state or country they are pinned to. */
function places(anyOf: readonly Place[]): Cond {
  const groups = new Map<string, { column: string; values: string[]; within?: Place['within'] }>();
  for (const p of anyOf) {
    const key = `${p.level}|${p.within ? `${p.within.level}|${p.within.value}` : ''}`;
    const group = groups.get(key) ?? { column: PERSON.place[p.level], values: [], within: p.within };
    group.values.push(p.value);
    groups.set(key, group);
  }
  return or(
    [...groups.values()].map(({ column, values, within }) => {
      const match = equalsAny(column, values);
      return within ? and([match, equalsAny(PERSON.place[within.level], [within.value])]) : match;
    }),
  );
}

function organizations(anyOf: readonly Organization[], columns: { name: string; domain: string }): Cond {
  const names = anyOf.filter((o) => o.by === 'name').map((o) => o.value);
  const domains = anyOf.filter((o) => o.by === 'domain').map((o) => o.value);
  return or([
    ...(names.length > 0 ? [equalsAny(columns.name, names)] : []),
    ...(domains.length > 0 ? [equalsAny(columns.domain, domains)] : []),
  ]);
}

function range(f: RangeFilter, entity: Entity): Cond {
  if (entity === 'company') {
    return bounded(COMPANY.measure[f.measure as keyof typeof COMPANY.measure], f);
  }
  if (f.measure === 'employee_count') return equalsAny(PERSON.size, sizesFor(f));
  return bounded(PERSON.measure[f.measure as keyof typeof PERSON.measure], f);
}

function leaf(f: LeafFilter, entity: Entity): Cond {
  const people = entity === 'person';
  switch (f.kind) {
    case 'title':
      return or(f.anyOf.map((t) => titleMatch(PERSON.jobTitle, t)));
    case 'past_title':
      return or(
        f.anyOf.map((t) => and([titleMatch(PERSON.titleHistory, t), not(titleMatch(PERSON.jobTitle, t))])),
      );
    case 'title_history':
      return or(f.anyOf.map((t) => titleMatch(PERSON.titleHistory, t)));
    case 'seniority':
      return equalsAny(PERSON.seniority, f.anyOf);
    case 'function':
      return equalsAny(PERSON.function, f.anyOf);
    case 'flag':
      return pred(`${PERSON.flag[f.flag]} = ${f.value}`);
    case 'sex':
      return pred(`${PERSON.sex} = ${sqlString(f.value)}`);
    case 'location':
      return places(f.anyOf);
    case 'employer':
      return organizations(
        f.anyOf,
        people
          ? { name: PERSON.companyName, domain: PERSON.companyDomain }
          : { name: COMPANY.name, domain: COMPANY.domain },
      );
    case 'past_employer':
      return or(
        f.anyOf.map((n) =>
          and([
            pred(`${PERSON.organizations} = ${sqlString(n)}`),
            not(pred(`${PERSON.companyName} = ${sqlString(n)}`)),
          ]),
        ),
      );
    case 'employer_history':
      return equalsAny(PERSON.organizations, f.anyOf, true);
    case 'industry':
      return equalsAny(people ? PERSON.industry : COMPANY.industry, f.anyOf);
    case 'company_size':
      return equalsAny(people ? PERSON.size : COMPANY.size, f.anyOf);
    case 'company_type':
      return equalsAny(COMPANY.type, f.anyOf);
    case 'skill':
      return equalsAny(PERSON.skills, f.anyOf, true);
    case 'language':
      return equalsAny(PERSON.languages, f.anyOf, true);
    case 'degree':
      return equalsAny(PERSON.degree, f.anyOf);
    case 'range':
      return range(f, entity);
    case 'growth':
      return bounded(COMPANY.growth[f.period], f);
    case 'ticker':
      return equalsAny(COMPANY.ticker, f.anyOf, true);
    case 'exchange':
      return equalsAny(COMPANY.exchange, f.anyOf, true);
    case 'name_contains':
      return or(
        f.anyOf.map((t) => pred(`${people ? PERSON.companyName : COMPANY.name} ILIKE ${containsPattern(t)}`)),
      );
    case 'name_prefix':
      return or(
        f.anyOf.map((t) => pred(`${people ? PERSON.companyName : COMPANY.name} ILIKE ${startsPattern(t)}`)),
      );
    case 'domain_ending':
      return or(
        f.anyOf.map((e) => pred(`${people ? PERSON.companyDomain : COMPANY.domain} ILIKE ${endsPattern(e)}`)),
      );
    default:
      return assertNever(f);
  }
}

function condition(f: Filter, entity: Entity): Cond {
  const c =
    f.kind === 'either' ? or(f.anyOf.map((g) => and(g.map((l) => leaf(l, entity))))) : leaf(f, entity);
  return f.negated ? not(c) : c;
}
