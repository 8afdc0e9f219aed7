/**
 * The fields below each record field that holds an object or a list of objects, in record
 * order: with the top-level field lists this is the whole field tree shaping's include_fields /
 * exclude_fields paths are checked against. The types make each shape list every key of its
 * interface and nothing else; the order, which the compiler cannot see, is pinned by a spec
 * against the fixtures (every field filled).
 */
import type { TextVariant } from './common';
import type { CompanyRecord, CompanySocial, CompanyTicker, PerPeriod } from './company';
import type {
  EducationOrganization,
  ExperienceOrganization,
  PersonCertification,
  PersonEducation,
  PersonEmail,
  PersonExperience,
  PersonLanguage,
  PersonLocation,
  PersonPhone,
  PersonRecord,
  PersonSocial,
} from './person';

type Element<T> = T extends readonly (infer U)[] ? U : T;
/** What a field holds, looking through null and lists: `experience` → `PersonExperience`. */
export type FieldBranch<T> = NonNullable<Element<NonNullable<T>>>;
type Leaf = string | number | boolean;

/** Every key of an object in record order: a leaf (value or list of values) is null, anything else its shape. */
export type FieldShape<T> = {
  readonly [K in keyof T & string]-?: FieldBranch<T[K]> extends Leaf ? null : FieldShape<FieldBranch<T[K]>>;
};

/** The keys of a record that hold objects (or lists of them), each with its shape; the other keys are leaves. */
export type SubfieldShapes<T> = {
  readonly [K in keyof T & string as FieldBranch<T[K]> extends Leaf ? never : K]-?: FieldShape<
    FieldBranch<T[K]>
  >;
};

const TEXT_VARIANT: FieldShape<TextVariant> = { cleaned: null, raw: null };

const PHONE: FieldShape<PersonPhone> = {
  type: null,
  number: null,
  current: null,
  confidence: null,
  last_seen: null,
  num_sources: null,
};

const EMAIL: FieldShape<PersonEmail> = {
  address: null,
  type: null,
  current: null,
  validated: null,
  confidence: null,
  last_seen: null,
  num_sources: null,
  validation_status: null,
  hash_sha256: null,
  hash_sha1: null,
  hash_md5: null,
};

const LOCATION: FieldShape<PersonLocation> = {
  street_address: null,
  address_line_2: null,
  city: null,
  state: null,
  state_code: null,
  country: null,
  country_code: null,
  continent: null,
  continent_code: null,
  postal_code: null,
  postal_code_4: null,
  geo: null,
  raw: null,
  current: null,
  num_sources: null,
  confidence: null,
  last_seen: null,
};

const EXPERIENCE_ORGANIZATION: FieldShape<ExperienceOrganization> = {
  name: TEXT_VARIANT,
  website: null,
  netx_url: null,
  netx_id: null,
  svc_id: null,
  industry: null,
  size: null,
};

const EXPERIENCE: FieldShape<PersonExperience> = {
  title: TEXT_VARIANT,
  seniority_level: null,
  job_function: null,
  expense_category: null,
  is_decision_maker: null,
  is_platform_worker: null,
  organization: EXPERIENCE_ORGANIZATION,
  start_date: null,
  end_date: null,
  current: null,
  tenure_months: null,
  description: TEXT_VARIANT,
};

const EDUCATION_ORGANIZATION: FieldShape<EducationOrganization> = {
  name: TEXT_VARIANT,
  website: null,
  netx_url: null,
};

const EDUCATION: FieldShape<PersonEducation> = {
  organization: EDUCATION_ORGANIZATION,
  degree: TEXT_VARIANT,
  degree_level: null,
  field_of_study: TEXT_VARIANT,
  start_date: null,
  end_date: null,
  current: null,
};

const CERTIFICATION: FieldShape<PersonCertification> = {
  name: TEXT_VARIANT,
  institution: TEXT_VARIANT,
  credential_id: null,
  issue_date: null,
  expiration_date: null,
};

const PERSON_SOCIAL: FieldShape<PersonSocial> = {
  network: null,
  url: null,
  username: null,
  id: null,
  current: null,
  num_sources: null,
  confidence: null,
  last_seen: null,
};

const LANGUAGE: FieldShape<PersonLanguage> = { cleaned: null, raw: null, proficiency: null };

export const PERSON_SUBFIELDS: SubfieldShapes<PersonRecord> = {
  headline: TEXT_VARIANT,
  summary: TEXT_VARIANT,
  phones: PHONE,
  emails: EMAIL,
  locations: LOCATION,
  experience: EXPERIENCE,
  education: EDUCATION,
  certifications: CERTIFICATION,
  socials: PERSON_SOCIAL,
  skills: TEXT_VARIANT,
  languages: LANGUAGE,
};

const PER_PERIOD: FieldShape<PerPeriod<number>> = { '1m': null, '3m': null, '6m': null, '12m': null };

const TICKER: FieldShape<CompanyTicker> = { ticker_symbol: null, exchange: null };

const COMPANY_SOCIAL: FieldShape<CompanySocial> = { network: null, url: null };

export const COMPANY_SUBFIELDS: SubfieldShapes<CompanyRecord> = {
  name: { cleaned: null, display: null, raw: null },
  headline: TEXT_VARIANT,
  description: TEXT_VARIANT,
  svc_employee_growth_rate: PER_PERIOD,
  svc_new_hire_count: PER_PERIOD,
  svc_attrition_count: PER_PERIOD,
  svc_turnover_rate: PER_PERIOD,
  tickers: TICKER,
  socials: COMPANY_SOCIAL,
};
