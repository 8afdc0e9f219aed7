import { Entity, WorkforcePeriod } from '@app/contracts';
import { CATALOG, ColumnInfo } from '@app/sql';
import type { FilterKind, Flag, Measure, PlaceLevel } from './filters';

/**
 * Every column discovery writes, looked up in the search catalog when this module loads: a name
 * the catalog does not have fails at import (and in every test), never in a generated query.
 */
function column(entity: Entity, name: string): string {
  const info: ColumnInfo | undefined = CATALOG[entity].get(name);
  if (!info) throw new Error(`discovery names ${name}, which is not a ${entity} search column`);
  return info.name;
}

const person = (name: string) => column('person', name);
const company = (name: string) => column('company', name);

export const PERSON = {
  jobTitle: person('job_title'),
  titleHistory: person('title'),
  seniority: person('seniority_level'),
  function: person('job_function'),
  sex: person('sex'),
  companyName: person('company_name'),
  companyDomain: person('company_domain'),
  organizations: person('organization_name'),
  industry: person('company_industry'),
  size: person('company_size'),
  skills: person('skills'),
  languages: person('languages'),
  degree: person('highest_degree_level'),
  place: {
    city: person('city'),
    state: person('state_code'),
    country: person('country_code'),
  } satisfies Record<PlaceLevel, string>,
  flag: {
    decision_maker: person('is_decision_maker'),
    platform_worker: person('is_platform_worker'),
  } satisfies Record<Flag, string>,
  /** employee_count has no person column: it becomes company_size buckets. */
  measure: {
    years_of_experience: person('years_of_experience'),
    age: person('age'),
    birth_year: person('birth_year'),
    followers: person('netx_followers'),
    connections: person('netx_connections'),
    average_tenure: person('avg_tenure_months'),
  } satisfies Partial<Record<Measure, string>>,
} as const;

export const COMPANY = {
  name: company('name_cleaned'),
  domain: company('domain'),
  industry: company('industry'),
  size: company('size'),
  type: company('type'),
  ticker: company('ticker_symbol'),
  exchange: company('exchange'),
  measure: {
    founded: company('founded'),
    followers: company('netx_followers'),
    employee_count: company('svc_employee_count'),
    average_tenure: company('svc_average_tenure'),
  } satisfies Partial<Record<Measure, string>>,
  growth: {
    '1m': company('svc_employee_growth_rate_1m'),
    '3m': company('svc_employee_growth_rate_3m'),
    '6m': company('svc_employee_growth_rate_6m'),
    '12m': company('svc_employee_growth_rate_12m'),
  } satisfies Record<WorkforcePeriod, string>,
} as const;

/** The filter kinds that mean something for each entity; the rest have no column there. */
export const KINDS_OF: Readonly<Record<Entity, ReadonlySet<FilterKind>>> = {
  person: new Set<FilterKind>([
    'title',
    'past_title',
    'title_history',
    'seniority',
    'function',
    'flag',
    'sex',
    'location',
    'employer',
    'past_employer',
    'employer_history',
    'industry',
    'company_size',
    'skill',
    'language',
    'degree',
    'range',
    'name_contains',
    'name_prefix',
    'domain_ending',
    'either',
  ]),
  company: new Set<FilterKind>([
    'employer',
    'industry',
    'company_size',
    'company_type',
    'range',
    'growth',
    'ticker',
    'exchange',
    'name_contains',
    'name_prefix',
    'domain_ending',
    'either',
  ]),
};

export const MEASURES_OF: Readonly<Record<Entity, readonly Measure[]>> = {
  person: [...Object.keys(PERSON.measure), 'employee_count'] as Measure[],
  company: Object.keys(COMPANY.measure) as Measure[],
};
