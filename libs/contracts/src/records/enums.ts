/**
 * Every closed value list of SPEC.md, once. Validation, the data generator, DTOs and the
 * search column catalog all read these arrays, so a value added here reaches all of them.
 */

export const SEX_VALUES = ['male', 'female'] as const;
export type Sex = (typeof SEX_VALUES)[number];

export const COMPANY_SIZE_VALUES = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001-10000',
  '10001+',
] as const;
export type CompanySize = (typeof COMPANY_SIZE_VALUES)[number];

export const SENIORITY_LEVEL_VALUES = [
  'c_level',
  'owner',
  'partner',
  'vp',
  'director',
  'manager',
  'senior',
  'junior',
  'training',
  'intern',
] as const;
export type SeniorityLevel = (typeof SENIORITY_LEVEL_VALUES)[number];

/**
 * The levels from least to most senior; owner and partner sit beside the ladder, not on it
 * (they are above no one in particular). Careers walk it and "director or above" reads it.
 */
export const SENIORITY_LADDER = [
  'intern',
  'training',
  'junior',
  'senior',
  'manager',
  'director',
  'vp',
  'c_level',
] as const satisfies readonly SeniorityLevel[];

export const JOB_FUNCTION_VALUES = [
  'engineering',
  'information_technology',
  'product',
  'design',
  'sales',
  'marketing',
  'operations',
  'finance',
  'hr',
  'legal',
  'customer_success',
  'data',
  'executive',
  'social_services',
  'healthcare',
  'education',
  'trades',
  'transportation',
  'service',
  'other',
] as const;
export type JobFunction = (typeof JOB_FUNCTION_VALUES)[number];

export const EXPENSE_CATEGORY_VALUES = [
  'general_and_administrative',
  'research_and_development',
  'sales_and_marketing',
  'cost_of_services',
  'not_applicable',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORY_VALUES)[number];

/** `highest_degree_level`; SPEC.md gives no separate list for `education[].degree_level`, so it shares this one. */
export const DEGREE_LEVEL_VALUES = [
  'doctorate',
  'masters',
  'bachelors',
  'associates',
  'high_school',
] as const;
export type DegreeLevel = (typeof DEGREE_LEVEL_VALUES)[number];

export const COMPANY_TYPE_VALUES = [
  'private',
  'public',
  'nonprofit',
  'government_agency',
  'educational',
] as const;
export type CompanyType = (typeof COMPANY_TYPE_VALUES)[number];

export const CONFIDENCE_VALUES = ['high', 'moderate', 'low'] as const;
export type Confidence = (typeof CONFIDENCE_VALUES)[number];

export const EMAIL_TYPE_VALUES = ['professional', 'personal'] as const;
export type EmailType = (typeof EMAIL_TYPE_VALUES)[number];

export const ISSUE_TYPE_VALUES = [
  'incorrect',
  'outdated',
  'misattributed',
  'frankenstein',
  'not_a_real_person',
  'duplicate',
] as const;
export type IssueType = (typeof ISSUE_TYPE_VALUES)[number];

export const ISSUE_LEVEL_VALUES = ['record', 'group', 'field'] as const;
export type IssueLevel = (typeof ISSUE_LEVEL_VALUES)[number];

export const PERSON_REPORT_GROUP_VALUES = [
  'identity',
  'experience',
  'education',
  'emails',
  'phones',
  'locations',
  'socials',
  'skills',
  'languages',
  'certifications',
] as const;
export type PersonReportGroup = (typeof PERSON_REPORT_GROUP_VALUES)[number];

export const COMPANY_REPORT_GROUP_VALUES = [
  'firmographics',
  'domains',
  'socials',
  'tickers',
  'metrics',
] as const;
export type CompanyReportGroup = (typeof COMPANY_REPORT_GROUP_VALUES)[number];

/** The `<p>` of the company workforce columns, and the keys of the per-period metric objects. */
export const WORKFORCE_PERIOD_VALUES = ['1m', '3m', '6m', '12m'] as const;
export type WorkforcePeriod = (typeof WORKFORCE_PERIOD_VALUES)[number];

/** Narrows untrusted input (query strings, JSON, NATS payloads) to a member of a value list. */
export function isOneOf<T extends string>(values: readonly T[], x: unknown): x is T {
  return typeof x === 'string' && (values as readonly string[]).includes(x);
}
