import { WORKFORCE_PERIOD_VALUES } from './records/enums';

/**
 * The search columns of each entity, as SPEC.md names them. The search document stores each
 * column under its own name (cross-table columns as nested `{v}` lists), so the SQL compiler
 * and the projection agree by construction.
 */
export const PERSON_TEXT_COLUMNS = [
  'full_name',
  'first_name',
  'last_name',
  'job_title',
  'company_name',
  'company_domain',
  'company_industry',
  'city',
  'state',
  'state_code',
  'country',
  'country_code',
] as const;
export const PERSON_NUMERIC_COLUMNS = {
  age: 'integer',
  birth_year: 'integer',
  years_of_experience: 'integer',
  avg_tenure_months: 'double',
  netx_followers: 'long',
  netx_connections: 'long',
} as const;
export const PERSON_ENUM_COLUMNS = [
  'sex',
  'seniority_level',
  'job_function',
  'expense_category',
  'company_size',
  'highest_degree_level',
] as const;
export const PERSON_BOOLEAN_COLUMNS = ['is_decision_maker', 'is_platform_worker'] as const;
export const PERSON_NESTED_COLUMNS = [
  'skills',
  'languages',
  'headline',
  'summary',
  'title',
  'organization_name',
  'description',
] as const;

const perPeriod = (base: string) => WORKFORCE_PERIOD_VALUES.map((p) => `${base}_${p}` as const);

export const COMPANY_TEXT_COLUMNS = [
  'name_cleaned',
  'name_display',
  'domain',
  'industry',
  'headline_cleaned',
  'description_cleaned',
] as const;
export const COMPANY_NUMERIC_COLUMNS: Record<string, 'integer' | 'long' | 'double'> = {
  founded: 'integer',
  netx_followers: 'long',
  netx_employee_count: 'long',
  svc_employee_count: 'long',
  svc_average_tenure: 'double',
  ...Object.fromEntries(perPeriod('svc_new_hire_count').map((c) => [c, 'long'])),
  ...Object.fromEntries(perPeriod('svc_attrition_count').map((c) => [c, 'long'])),
  ...Object.fromEntries(perPeriod('svc_employee_growth_rate').map((c) => [c, 'double'])),
  ...Object.fromEntries(perPeriod('svc_turnover_rate').map((c) => [c, 'double'])),
};
export const COMPANY_ENUM_COLUMNS = ['type', 'size'] as const;
export const COMPANY_NESTED_COLUMNS = ['ticker_symbol', 'exchange', 'social_url', 'alt_domain'] as const;
/** SPEC.md names `ticker` as another spelling of `ticker_symbol`. */
export const COMPANY_COLUMN_ALIASES: Record<string, (typeof COMPANY_NESTED_COLUMNS)[number]> = {
  ticker: 'ticker_symbol',
};

/** The value field inside every nested cross-table column. */
export const NESTED_VALUE = 'v';
/** Subfield of every text column (and nested value) that answers ILIKE patterns. */
export const WILDCARD_SUBFIELD = 'wc';
/** Unindexed object holding the result subset returned by search and discovery. */
export const RESULT_FIELD = 'r';
