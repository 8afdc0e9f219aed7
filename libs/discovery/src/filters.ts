/**
 * The typed intermediate object of discovery: what a description asks for, as a list of
 * filters that must all hold (AND). Neither the deterministic parser nor a model writes SQL;
 * both fill this object, and `toSql` is the only place that turns it into the SQL subset, so a
 * column can only ever be one the converter names.
 *
 * Every filter has a `kind` and `negated` (`NOT (…)`); list-valued filters match when any of
 * their values does (OR). Nodes are frozen and built by the constructors below.
 */
import type {
  CompanySize,
  CompanyType,
  DegreeLevel,
  JobFunction,
  SeniorityLevel,
  Sex,
  WorkforcePeriod,
} from '@app/contracts';

export type PlaceLevel = 'city' | 'state' | 'country';
/**
 * `city`: the stored city name; `state`: ISO 3166-2 (`US-CA`); `country`: ISO 3166-1 alpha-2
 * (`DE`). A city may be pinned to its state or country ("portland, oregon"; the bay area's
 * cities are within US-CA), since many city names exist in several places.
 */
export interface Place {
  readonly level: PlaceLevel;
  readonly value: string;
  readonly within?: { readonly level: 'state' | 'country'; readonly value: string };
}

/** A company by its stored (cleaned, lowercase) name or by its domain. */
export interface Organization {
  readonly by: 'name' | 'domain';
  readonly value: string;
}

/** Bounds of a numeric filter; at most one lower (`gt`/`gte`) and one upper (`lt`/`lte`). */
export interface Bounds {
  readonly gt?: number;
  readonly gte?: number;
  readonly lt?: number;
  readonly lte?: number;
}

export const MEASURES = [
  'years_of_experience',
  'age',
  'birth_year',
  'founded',
  'followers',
  'connections',
  'employee_count',
  /** Average tenure in months: the person's own, or a company's staff's. */
  'average_tenure',
] as const;
export type Measure = (typeof MEASURES)[number];

export const FLAGS = ['decision_maker', 'platform_worker'] as const;
export type Flag = (typeof FLAGS)[number];

interface Base {
  readonly negated: boolean;
}
interface ListOf<K extends string, V> extends Base {
  readonly kind: K;
  readonly anyOf: readonly V[];
}

/** Current job title contains one of the terms (a term of 3 characters or fewer: at a word start). */
export type TitleFilter = ListOf<'title', string>;
/** A title held before, not the current one. */
export type PastTitleFilter = ListOf<'past_title', string>;
/** A title held at any time: the current one or one before ("has ever been a cto"). */
export type TitleHistoryFilter = ListOf<'title_history', string>;
export type SeniorityFilter = ListOf<'seniority', SeniorityLevel>;
export type FunctionFilter = ListOf<'function', JobFunction>;
export type LocationFilter = ListOf<'location', Place>;
/** Current employer (people) or the company itself (companies). */
export type EmployerFilter = ListOf<'employer', Organization>;
/** Worked there before, not now (people): stored organization names. */
export type PastEmployerFilter = ListOf<'past_employer', string>;
/** Worked there at any time, now included (people): stored organization names. */
export type EmployerHistoryFilter = ListOf<'employer_history', string>;
/** Professional-network industry names, lowercase. */
export type IndustryFilter = ListOf<'industry', string>;
export type CompanySizeFilter = ListOf<'company_size', CompanySize>;
export type CompanyTypeFilter = ListOf<'company_type', CompanyType>;
export type SkillFilter = ListOf<'skill', string>;
export type LanguageFilter = ListOf<'language', string>;
export type DegreeFilter = ListOf<'degree', DegreeLevel>;
/** Uppercase ticker symbols. */
export type TickerFilter = ListOf<'ticker', string>;
/** Uppercase exchange codes (`NASDAQ`). */
export type ExchangeFilter = ListOf<'exchange', string>;
/** The company's name (people: their employer's) contains one of the texts. */
export type NameContainsFilter = ListOf<'name_contains', string>;
/** The company's name (people: their employer's) starts with one of the texts. */
export type NamePrefixFilter = ListOf<'name_prefix', string>;
/** The company's domain (people: their employer's) ends with one of the endings (`.io`, `.co.uk`). */
export type DomainEndingFilter = ListOf<'domain_ending', string>;

export interface FlagFilter extends Base {
  readonly kind: 'flag';
  readonly flag: Flag;
  readonly value: boolean;
}
export interface SexFilter extends Base {
  readonly kind: 'sex';
  readonly value: Sex;
}
/** A number in absolute terms: relative phrases ("founded in the last 5 years") are resolved by the parser. */
export interface RangeFilter extends Base, Bounds {
  readonly kind: 'range';
  readonly measure: Measure;
}
/** Employee growth over a period, as a decimal fraction (0.2 = 20 %). */
export interface GrowthFilter extends Base, Bounds {
  readonly kind: 'growth';
  readonly period: WorkforcePeriod;
}

export type LeafFilter =
  | TitleFilter
  | PastTitleFilter
  | TitleHistoryFilter
  | SeniorityFilter
  | FunctionFilter
  | FlagFilter
  | SexFilter
  | LocationFilter
  | EmployerFilter
  | PastEmployerFilter
  | EmployerHistoryFilter
  | IndustryFilter
  | CompanySizeFilter
  | CompanyTypeFilter
  | SkillFilter
  | LanguageFilter
  | DegreeFilter
  | RangeFilter
  | GrowthFilter
  | TickerFilter
  | ExchangeFilter
  | NameContainsFilter
  | NamePrefixFilter
  | DomainEndingFilter;

/** Alternatives across kinds: one of the groups holds, each group being filters that all hold. */
export interface EitherFilter extends Base {
  readonly kind: 'either';
  readonly anyOf: readonly (readonly LeafFilter[])[];
}

export type Filter = LeafFilter | EitherFilter;
export type FilterKind = Filter['kind'];
export type LeafKind = LeafFilter['kind'];
export type ListKind = Exclude<LeafKind, 'flag' | 'sex' | 'range' | 'growth'>;

export const LIST_KINDS = [
  'title',
  'past_title',
  'title_history',
  'seniority',
  'function',
  'location',
  'employer',
  'past_employer',
  'employer_history',
  'industry',
  'company_size',
  'company_type',
  'skill',
  'language',
  'degree',
  'ticker',
  'exchange',
  'name_contains',
  'name_prefix',
  'domain_ending',
] as const satisfies readonly ListKind[];
export const LEAF_KINDS = [
  ...LIST_KINDS,
  'flag',
  'sex',
  'range',
  'growth',
] as const satisfies readonly LeafKind[];
export const FILTER_KINDS = [...LEAF_KINDS, 'either'] as const satisfies readonly FilterKind[];

type ListValue<K extends ListKind> = Extract<LeafFilter, { kind: K }>['anyOf'][number];
export type ListFilter = Extract<LeafFilter, { kind: ListKind }>;

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export const list = <K extends ListKind>(
  kind: K,
  anyOf: readonly ListValue<K>[],
  negated = false,
): Extract<LeafFilter, { kind: K }> =>
  deepFreeze({ kind, anyOf: [...anyOf], negated } as unknown as Extract<LeafFilter, { kind: K }>);

export const flag = (name: Flag, value = true, negated = false): FlagFilter =>
  deepFreeze({ kind: 'flag', flag: name, value, negated });

export const sex = (value: Sex, negated = false): SexFilter => deepFreeze({ kind: 'sex', value, negated });

/** Leaves out absent bounds, so equal filters are equal as JSON too. */
const bounds = (b: Bounds): Bounds =>
  Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)) as Bounds;

export const range = (measure: Measure, b: Bounds, negated = false): RangeFilter =>
  deepFreeze({ kind: 'range', measure, ...bounds(b), negated });

export const growth = (period: WorkforcePeriod, b: Bounds, negated = false): GrowthFilter =>
  deepFreeze({ kind: 'growth', period, ...bounds(b), negated });

export const either = (anyOf: readonly (readonly LeafFilter[])[], negated = false): EitherFilter =>
  deepFreeze({ kind: 'either', anyOf: anyOf.map((g) => [...g]), negated });

/** The same filter with `negated` flipped. */
export function negate<F extends Filter>(filter: F): F {
  return deepFreeze({ ...filter, negated: !filter.negated });
}

export function isListFilter(filter: Filter): filter is ListFilter {
  return (LIST_KINDS as readonly string[]).includes(filter.kind);
}

/** A stable text key of a filter or value: equal filters have equal keys, whatever their key order. */
export function filterKey(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(filterKey).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${filterKey(v)}`).join(',')}}`;
}

/** Makes a `switch` over filter kinds exhaustive: a new kind that is not handled fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`unhandled filter ${JSON.stringify(value)}`);
}
