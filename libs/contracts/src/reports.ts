/**
 * Data-issue reports (SPEC.md "POST /utility/report/person|company"): which record fields each
 * report group holds, and which fields are metadata or provenance and cannot be reported.
 * SPEC.md names the groups but not their members; docs/reports.md documents this table.
 * Every top-level field is either in exactly one group or metadata, checked at compile time,
 * so a field added to a record must be placed here.
 */
import type { Entity } from './entities';
import type { CompanyField } from './records/company';
import type { CompanyReportGroup, PersonReportGroup } from './records/enums';
import type { PersonField } from './records/person';

/** Describe the record or its build, not the person or company: never reportable. */
export const PERSON_METADATA_FIELDS = [
  'svc_id',
  'num_sources',
  'last_seen',
  'build_version',
  'current_jobs_last_confirmed',
  'current_jobs_last_updated',
  'current_location_last_confirmed',
  'current_location_last_updated',
] as const satisfies readonly PersonField[];

export const COMPANY_METADATA_FIELDS = [
  'svc_id',
  'last_seen',
  'num_sources',
  'build_version',
] as const satisfies readonly CompanyField[];

/** Sub-fields that are metadata or provenance wherever they appear (`emails.confidence`, `headline.raw`). */
export const METADATA_SUBFIELDS = [
  'confidence',
  'last_seen',
  'num_sources',
  'build_version',
  'hash_sha256',
  'hash_sha1',
  'hash_md5',
  'validated',
  'validation_status',
  'raw',
] as const;

type PersonReportable = Exclude<PersonField, (typeof PERSON_METADATA_FIELDS)[number]>;
type CompanyReportable = Exclude<CompanyField, (typeof COMPANY_METADATA_FIELDS)[number]>;

/**
 * The group of each reportable person field. A current flat field folds into its collection:
 * `job_title` and `company_*` into `experience`, `work_email` into `emails`, `mobile_phone`
 * into `phones`, `city`/`state`/`country` into `locations`, `netx_url` into `socials`.
 */
export const PERSON_FIELD_GROUPS: Readonly<Record<PersonReportable, PersonReportGroup>> = {
  full_name: 'identity',
  first_name: 'identity',
  middle_name: 'identity',
  last_name: 'identity',
  middle_initial: 'identity',
  last_initial: 'identity',
  suffix: 'identity',
  prefix: 'identity',
  sex: 'identity',
  birth_date: 'identity',
  birth_year: 'identity',
  birth_month: 'identity',
  birth_day: 'identity',
  age: 'identity',
  headline: 'identity',
  summary: 'identity',
  work_email: 'emails',
  emails: 'emails',
  mobile_phone: 'phones',
  phones: 'phones',
  city: 'locations',
  state: 'locations',
  state_code: 'locations',
  country: 'locations',
  country_code: 'locations',
  locations: 'locations',
  job_title: 'experience',
  company_name: 'experience',
  company_domain: 'experience',
  company_industry: 'experience',
  company_size: 'experience',
  company_svc_id: 'experience',
  company_netx_url: 'experience',
  company_netx_id: 'experience',
  seniority_level: 'experience',
  job_function: 'experience',
  expense_category: 'experience',
  is_decision_maker: 'experience',
  is_platform_worker: 'experience',
  years_of_experience: 'experience',
  avg_tenure_months: 'experience',
  experience: 'experience',
  highest_degree_level: 'education',
  education: 'education',
  netx_url: 'socials',
  netx_id: 'socials',
  netx_followers: 'socials',
  netx_connections: 'socials',
  socials: 'socials',
  skills: 'skills',
  languages: 'languages',
  certifications: 'certifications',
};

export const COMPANY_FIELD_GROUPS: Readonly<Record<CompanyReportable, CompanyReportGroup>> = {
  name: 'firmographics',
  industry: 'firmographics',
  type: 'firmographics',
  size: 'firmographics',
  founded: 'firmographics',
  headline: 'firmographics',
  description: 'firmographics',
  domain: 'domains',
  alt_domains: 'domains',
  netx_url: 'socials',
  netx_id: 'socials',
  netx_followers: 'socials',
  socials: 'socials',
  tickers: 'tickers',
  netx_employee_count: 'metrics',
  svc_employee_count: 'metrics',
  svc_average_tenure: 'metrics',
  svc_employee_growth_rate: 'metrics',
  svc_new_hire_count: 'metrics',
  svc_attrition_count: 'metrics',
  svc_turnover_rate: 'metrics',
};

export type ReportSubject = Entity;

/** Issue types about the whole record, never one field. */
export const RECORD_LEVEL_ISSUE_TYPES = ['frankenstein', 'not_a_real_person'] as const;
/** Issue types that only make sense for people. */
export const PERSON_ONLY_ISSUE_TYPES = ['not_a_real_person'] as const;

export const REPORT_LIMITS = {
  svc_id: 128,
  field: 128,
  observed_value: 1000,
  correct_value: 1000,
  comment: 2000,
} as const;
