import {
  COMPANY_SIZE_VALUES,
  COMPANY_TYPE_VALUES,
  DEGREE_LEVEL_VALUES,
  Entity,
  JOB_FUNCTION_VALUES,
  SENIORITY_LEVEL_VALUES,
  SEX_VALUES,
  WORKFORCE_PERIOD_VALUES,
} from '@app/contracts';
import { KINDS_OF, MEASURES_OF } from './columns';
import { sizesFor } from './size-buckets';
import {
  Bounds,
  deepFreeze,
  Filter,
  FILTER_KINDS,
  FLAGS,
  LIST_KINDS,
  ListKind,
  MEASURES,
  PlaceLevel,
} from './filters';

/** Limits that keep any accepted object far inside the search engine's clause budget. */
export const LIMITS = {
  filters: 20,
  values: 40,
  groups: 8,
  textLength: 120,
  /** Estimated index clauses, well under OpenSearch's 1024 (docs/search-sql.md, Complexity). */
  clauses: 600,
} as const;

/**
 * An upper estimate of the index clauses a filter compiles to: a contains pattern costs about a
 * clause per character (one per trigram), a short title term two word-start patterns, a past
 * title both the history and the current title; equality values, bounds and wrappers one each.
 */
function clauses(f: Filter): number {
  const term = (t: string) => ([...t].length <= 3 ? 2 : 1) * ([...t].length + 3);
  switch (f.kind) {
    case 'title_history':
    case 'title':
    case 'name_contains':
    case 'name_prefix':
    case 'domain_ending':
      return 1 + f.anyOf.reduce((n, t) => n + term(t), 0);
    case 'past_title':
      return 1 + f.anyOf.reduce((n, t) => n + 2 * term(t) + 2, 0);
    case 'either':
      return 2 + f.anyOf.reduce((n, g) => n + 1 + g.reduce((m, l) => m + clauses(l), 0), 0);
    case 'range':
    case 'growth':
      return 6;
    case 'flag':
    case 'sex':
      return 2;
    case 'location':
    case 'past_employer':
      return 2 + 3 * f.anyOf.length;
    default:
      return 2 + f.anyOf.length;
  }
}

const INT_MAX = 2147483647;
const LONG_MAX = Number.MAX_SAFE_INTEGER;
const MEASURE_MAX: Readonly<Record<(typeof MEASURES)[number], number>> = {
  years_of_experience: INT_MAX,
  age: INT_MAX,
  birth_year: INT_MAX,
  founded: INT_MAX,
  followers: LONG_MAX,
  connections: LONG_MAX,
  employee_count: LONG_MAX,
  average_tenure: INT_MAX,
};
const GROWTH_MAX = 1e6;

/** `.io`, `.co.uk`: labels of letters, digits and inner hyphens, lowercase, as domains are stored. */
export const DOMAIN_ENDING = /^(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?){1,3}$/;

const PLACE_CODE: Readonly<Record<PlaceLevel, RegExp | null>> = {
  city: null,
  state: /^[A-Z]{2}-[A-Z0-9]{1,3}$/,
  country: /^[A-Z]{2}$/,
};

export type ReadResult =
  | { readonly ok: true; readonly filters: readonly Filter[] }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Checks an untrusted filter list (a model's JSON, a hand-built object) against the rules the
 * JSON schema states and the entity's columns, and returns it frozen, or every problem found,
 * each starting with its path (`filters[2].anyOf[0]`). `toSql` reads its input through this,
 * so nothing reaches the converter unchecked.
 */
export function readFilters(value: unknown, entity: Entity): ReadResult {
  const problems: string[] = [];
  const report = (path: string, message: string) => {
    if (problems.length < 50) problems.push(`${path}: ${message}`);
  };
  if (!Array.isArray(value)) {
    report('filters', 'must be a list of filters');
    return { ok: false, problems };
  }
  if (value.length === 0) report('filters', 'must hold at least one filter');
  if (value.length > LIMITS.filters)
    report('filters', `holds ${value.length} filters; at most ${LIMITS.filters}`);
  value.slice(0, LIMITS.filters).forEach((f, i) => checkFilter(f, entity, `filters[${i}]`, report, true));
  if (problems.length === 0) {
    const cost = value.reduce((n: number, f: Filter) => n + clauses(f), 0);
    if (cost > LIMITS.clauses)
      report(
        'filters',
        `are too complex for the search engine (about ${cost} index clauses; at most ${LIMITS.clauses})`,
      );
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, filters: deepFreeze(structuredClone(value) as Filter[]) };
}

type Report = (path: string, message: string) => void;

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const oneOf = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

function checkFilter(f: unknown, entity: Entity, path: string, report: Report, top: boolean): void {
  if (!isObject(f)) return report(path, 'must be an object with a kind');
  const kind = f.kind;
  if (typeof kind !== 'string' || !(FILTER_KINDS as readonly string[]).includes(kind)) {
    return report(`${path}.kind`, `must be one of ${oneOf(FILTER_KINDS)}`);
  }
  if (!KINDS_OF[entity].has(kind as Filter['kind'])) {
    return report(
      `${path}.kind`,
      `'${kind}' does not apply to ${entity === 'person' ? 'people' : 'companies'}`,
    );
  }
  if (typeof f.negated !== 'boolean') report(`${path}.negated`, 'must be true or false');
  const allowed = new Set(['kind', 'negated', ...FIELDS[kind as Filter['kind']]]);
  for (const key of Object.keys(f))
    if (!allowed.has(key)) report(`${path}.${key}`, 'is not a field of this filter');
  if ((LIST_KINDS as readonly string[]).includes(kind)) return checkList(f, kind as ListKind, path, report);
  switch (kind as Exclude<Filter['kind'], ListKind>) {
    case 'flag':
      if (!(FLAGS as readonly string[]).includes(f.flag as string))
        report(`${path}.flag`, `must be one of ${oneOf(FLAGS)}`);
      if (typeof f.value !== 'boolean') report(`${path}.value`, 'must be true or false');
      return;
    case 'sex':
      if (!(SEX_VALUES as readonly string[]).includes(f.value as string))
        report(`${path}.value`, `must be one of ${oneOf(SEX_VALUES)}`);
      return;
    case 'range': {
      const measure = f.measure as string;
      if (!(MEASURES_OF[entity] as readonly string[]).includes(measure)) {
        return report(
          `${path}.measure`,
          `must be one of ${oneOf(MEASURES_OF[entity])} for ${entity === 'person' ? 'people' : 'companies'}`,
        );
      }
      checkBounds(f, path, MEASURE_MAX[measure as keyof typeof MEASURE_MAX], report);
      // People hold only their employer's size bucket: a count range must cover one.
      if (entity === 'person' && measure === 'employee_count' && sizesFor(f as Bounds).length === 0) {
        report(path, 'covers no company size bucket');
      }
      return;
    }
    case 'growth':
      if (!(WORKFORCE_PERIOD_VALUES as readonly string[]).includes(f.period as string)) {
        report(`${path}.period`, `must be one of ${oneOf(WORKFORCE_PERIOD_VALUES)}`);
      }
      return checkBounds(f, path, GROWTH_MAX, report);
    case 'either':
      return checkEither(f, entity, path, report, top);
  }
}

/** The fields each kind has besides `kind` and `negated`. */
const FIELDS: Readonly<Record<Filter['kind'], readonly string[]>> = {
  ...(Object.fromEntries(LIST_KINDS.map((k) => [k, ['anyOf']])) as unknown as Record<
    ListKind,
    readonly string[]
  >),
  flag: ['flag', 'value'],
  sex: ['value'],
  range: ['measure', 'gt', 'gte', 'lt', 'lte'],
  growth: ['period', 'gt', 'gte', 'lt', 'lte'],
  either: ['anyOf'],
};

const ENUMS: Partial<Record<ListKind, readonly string[]>> = {
  seniority: SENIORITY_LEVEL_VALUES,
  function: JOB_FUNCTION_VALUES,
  company_size: COMPANY_SIZE_VALUES,
  company_type: COMPANY_TYPE_VALUES,
  degree: DEGREE_LEVEL_VALUES,
};

function checkList(f: Record<string, unknown>, kind: ListKind, path: string, report: Report): void {
  const values = f.anyOf;
  if (!Array.isArray(values) || values.length === 0)
    return report(`${path}.anyOf`, 'must be a non-empty list');
  if (values.length > LIMITS.values)
    report(`${path}.anyOf`, `holds ${values.length} values; at most ${LIMITS.values}`);
  values.slice(0, LIMITS.values).forEach((v, i) => {
    const at = `${path}.anyOf[${i}]`;
    const enumValues = ENUMS[kind];
    if (enumValues) {
      if (!enumValues.includes(v as string)) report(at, `must be one of ${oneOf(enumValues)}`);
    } else if (kind === 'location') {
      checkPlace(v, at, report);
    } else if (kind === 'domain_ending') {
      if (typeof v !== 'string' || !DOMAIN_ENDING.test(v))
        report(at, "must be a domain ending such as '.io' or '.co.uk': a dot, then lowercase labels");
    } else if (kind === 'employer') {
      if (!isObject(v) || (v.by !== 'name' && v.by !== 'domain'))
        report(`${at}.by`, "must be 'name' or 'domain'");
      else checkText(v.value, `${at}.value`, report);
    } else {
      checkText(v, at, report);
    }
  });
}

function checkPlace(v: unknown, at: string, report: Report, levels = ['city', 'state', 'country']): void {
  if (!isObject(v) || !levels.includes(v.level as string)) {
    return report(`${at}.level`, `must be ${levels.map((l) => `'${l}'`).join(' or ')}`);
  }
  for (const key of Object.keys(v)) {
    if (key !== 'level' && key !== 'value' && !(key === 'within' && v.level === 'city'))
      report(`${at}.${key}`, 'is not a field of a place');
  }
  const code = PLACE_CODE[v.level as PlaceLevel];
  if (code && !(typeof v.value === 'string' && code.test(v.value))) {
    report(
      `${at}.value`,
      v.level === 'state'
        ? 'must be an ISO 3166-2 code such as US-CA'
        : 'must be an ISO 3166-1 alpha-2 code such as DE',
    );
  } else checkText(v.value, `${at}.value`, report);
  if (v.within !== undefined) checkPlace(v.within, `${at}.within`, report, ['state', 'country']);
}

/** Text needs a letter or digit; control characters have no business in a stored value. */
function checkText(v: unknown, at: string, report: Report): void {
  if (typeof v !== 'string' || !/[\p{L}\p{N}]/u.test(v))
    return report(at, 'must be text with a letter or digit');
  if ([...v].length > LIMITS.textLength) report(at, `must be at most ${LIMITS.textLength} characters`);
  if (/[\u0000-\u001f\u007f]/.test(v)) report(at, 'must not contain control characters');
}

function checkBounds(f: Record<string, unknown>, path: string, max: number, report: Report): void {
  const b = f as Bounds;
  const given = (['gt', 'gte', 'lt', 'lte'] as const).filter((k) => f[k] !== undefined);
  if (given.length === 0) report(path, 'needs at least one of gt, gte, lt, lte');
  for (const k of given) {
    const n = f[k];
    if (typeof n !== 'number' || !Number.isFinite(n)) report(`${path}.${k}`, 'must be a finite number');
    else if (Math.abs(n) > max) report(`${path}.${k}`, `must be between -${max} and ${max}`);
  }
  if (b.gt !== undefined && b.gte !== undefined) report(path, 'takes gt or gte, not both');
  if (b.lt !== undefined && b.lte !== undefined) report(path, 'takes lt or lte, not both');
}

function checkEither(
  f: Record<string, unknown>,
  entity: Entity,
  path: string,
  report: Report,
  top: boolean,
): void {
  if (!top) return report(`${path}.kind`, "'either' cannot be nested inside 'either'");
  const groups = f.anyOf;
  if (!Array.isArray(groups) || groups.length === 0)
    return report(`${path}.anyOf`, 'must list at least one alternative');
  if (groups.length > LIMITS.groups)
    report(`${path}.anyOf`, `holds ${groups.length} alternatives; at most ${LIMITS.groups}`);
  groups.slice(0, LIMITS.groups).forEach((g, i) => {
    const at = `${path}.anyOf[${i}]`;
    if (!Array.isArray(g) || g.length === 0)
      return report(at, 'must be a non-empty list of filters that all hold');
    if (g.length > LIMITS.groups) report(at, `holds ${g.length} filters; at most ${LIMITS.groups}`);
    g.slice(0, LIMITS.groups).forEach((leaf, j) => checkFilter(leaf, entity, `${at}[${j}]`, report, false));
  });
}

/** For callers holding typed filters: the same checks, as a list of problems (empty when fine). */
export function checkFilters(filters: readonly Filter[], entity: Entity): readonly string[] {
  const r = readFilters(filters, entity);
  return r.ok ? [] : r.problems;
}
