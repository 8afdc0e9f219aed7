/**
 * The person record as SPEC.md's tables give it, with every field the data may lack typed
 * `T | null`, so the compiler finds each place that assumed presence.
 */
import type {
  BuildVersion,
  E164Phone,
  ExpectNever,
  IsoDate,
  IsoYear,
  IsoYearMonth,
  SvcId,
  TextVariant,
  Unlisted,
} from './common';
import type {
  CompanySize,
  Confidence,
  DegreeLevel,
  EmailType,
  ExpenseCategory,
  JobFunction,
  SeniorityLevel,
  Sex,
} from './enums';

/**
 * Sub-objects: the field that makes an element meaningful (a phone's number, an email's
 * address, an organization's or skill's name) is required; everything else may be unknown.
 */
export interface PersonPhone {
  type: string | null;
  number: E164Phone;
  current: boolean | null;
  confidence: Confidence | null;
  last_seen: IsoDate | null;
  num_sources: number | null;
}

export interface PersonEmail {
  address: string;
  type: EmailType | null;
  current: boolean | null;
  validated: boolean | null;
  confidence: Confidence | null;
  last_seen: IsoDate | null;
  num_sources: number | null;
  validation_status: string | null;
  /** Lowercase hex digests of the normalized address (what /utility/hash/email returns); the loader computes them when absent. */
  hash_sha256: string;
  hash_sha1: string;
  hash_md5: string;
}

export interface PersonLocation {
  street_address: string | null;
  address_line_2: string | null;
  city: string | null;
  state: string | null;
  state_code: string | null;
  country: string | null;
  country_code: string | null;
  continent: string | null;
  continent_code: string | null;
  postal_code: string | null;
  /** The ZIP+4 extension; null outside the US or when unknown. */
  postal_code_4: string | null;
  /** `<lat>,<lon>` in decimal degrees. */
  geo: string | null;
  raw: string[];
  current: boolean | null;
  num_sources: number | null;
  confidence: Confidence | null;
  last_seen: IsoDate | null;
}

export interface ExperienceOrganization {
  name: TextVariant;
  website: string | null;
  netx_url: string | null;
  netx_id: string | null;
  svc_id: SvcId | null;
  industry: string | null;
  size: CompanySize | null;
}

export interface PersonExperience {
  title: TextVariant | null;
  seniority_level: SeniorityLevel | null;
  job_function: JobFunction | null;
  expense_category: ExpenseCategory | null;
  is_decision_maker: boolean | null;
  is_platform_worker: boolean | null;
  organization: ExperienceOrganization | null;
  start_date: IsoDate | null;
  /** Null while the job is ongoing, or when unknown. */
  end_date: IsoDate | null;
  current: boolean | null;
  tenure_months: number | null;
  description: TextVariant | null;
}

export interface EducationOrganization {
  name: TextVariant;
  website: string | null;
  netx_url: string | null;
}

export interface PersonEducation {
  organization: EducationOrganization | null;
  degree: TextVariant | null;
  degree_level: DegreeLevel | null;
  field_of_study: TextVariant | null;
  start_date: IsoYear | null;
  end_date: IsoYear | null;
  current: boolean | null;
}

export interface PersonCertification {
  name: TextVariant;
  institution: TextVariant | null;
  credential_id: string | null;
  issue_date: IsoYearMonth | null;
  expiration_date: IsoYearMonth | null;
}

export interface PersonSocial {
  network: string;
  url: string;
  username: string | null;
  id: string | null;
  current: boolean | null;
  num_sources: number | null;
  confidence: Confidence | null;
  last_seen: IsoDate | null;
}

export interface PersonLanguage extends TextVariant {
  proficiency: string | null;
}

/**
 * A person as served. Required: `svc_id`, `full_name` (the loader builds it from the name parts
 * when absent) and `build_version` (stamped by the loader). Every other field may be unknown,
 * and unknown is `null` (never missing, never ''), lists may be empty: real records are sparse
 * (docs/data-model.md, "Record contracts").
 */
export interface PersonRecord {
  svc_id: SvcId;
  full_name: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  middle_initial: string | null;
  last_initial: string | null;
  suffix: string | null;
  prefix: string | null;
  sex: Sex | null;
  birth_date: IsoDate | null;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  age: number | null;
  work_email: string | null;
  mobile_phone: E164Phone | null;
  netx_url: string | null;
  netx_id: string | null;
  city: string | null;
  state: string | null;
  state_code: string | null;
  country: string | null;
  country_code: string | null;
  job_title: string | null;
  company_name: string | null;
  company_domain: string | null;
  company_industry: string | null;
  company_size: CompanySize | null;
  company_svc_id: SvcId | null;
  company_netx_url: string | null;
  company_netx_id: string | null;
  seniority_level: SeniorityLevel | null;
  job_function: JobFunction | null;
  expense_category: ExpenseCategory | null;
  is_decision_maker: boolean | null;
  is_platform_worker: boolean | null;
  years_of_experience: number | null;
  avg_tenure_months: number | null;
  highest_degree_level: DegreeLevel | null;
  current_jobs_last_confirmed: IsoDate | null;
  current_jobs_last_updated: IsoDate | null;
  current_location_last_confirmed: IsoDate | null;
  current_location_last_updated: IsoDate | null;
  netx_followers: number | null;
  netx_connections: number | null;
  headline: TextVariant | null;
  summary: TextVariant | null;
  num_sources: number | null;
  last_seen: IsoDate | null;
  build_version: BuildVersion;
  phones: PersonPhone[];
  emails: PersonEmail[];
  locations: PersonLocation[];
  experience: PersonExperience[];
  education: PersonEducation[];
  certifications: PersonCertification[];
  socials: PersonSocial[];
  skills: TextVariant[];
  languages: PersonLanguage[];
}

export type PersonField = keyof PersonRecord;

/** Every top-level field in SPEC.md order: include/exclude_fields and report `field` check against it. */
export const PERSON_RECORD_FIELDS = [
  'svc_id',
  'full_name',
  'first_name',
  'middle_name',
  'last_name',
  'middle_initial',
  'last_initial',
  'suffix',
  'prefix',
  'sex',
  'birth_date',
  'birth_year',
  'birth_month',
  'birth_day',
  'age',
  'work_email',
  'mobile_phone',
  'netx_url',
  'netx_id',
  'city',
  'state',
  'state_code',
  'country',
  'country_code',
  'job_title',
  'company_name',
  'company_domain',
  'company_industry',
  'company_size',
  'company_svc_id',
  'company_netx_url',
  'company_netx_id',
  'seniority_level',
  'job_function',
  'expense_category',
  'is_decision_maker',
  'is_platform_worker',
  'years_of_experience',
  'avg_tenure_months',
  'highest_degree_level',
  'current_jobs_last_confirmed',
  'current_jobs_last_updated',
  'current_location_last_confirmed',
  'current_location_last_updated',
  'netx_followers',
  'netx_connections',
  'headline',
  'summary',
  'num_sources',
  'last_seen',
  'build_version',
  'phones',
  'emails',
  'locations',
  'experience',
  'education',
  'certifications',
  'socials',
  'skills',
  'languages',
] as const satisfies readonly PersonField[];
type _AllPersonFieldsListed = ExpectNever<Unlisted<PersonRecord, typeof PERSON_RECORD_FIELDS>>;

/** How a job is classified: on an experience entry and, for the current job, on the person. */
export const JOB_CLASSIFICATION_FIELDS = [
  'seniority_level',
  'job_function',
  'expense_category',
  'is_decision_maker',
  'is_platform_worker',
] as const satisfies readonly (keyof PersonExperience & PersonField)[];

/** The person's fields that describe the current job: all unknown when the job is. */
export const PERSON_CURRENT_JOB_FIELDS = [
  'job_title',
  'company_name',
  'company_domain',
  'company_industry',
  'company_size',
  'company_svc_id',
  'company_netx_url',
  'company_netx_id',
  ...JOB_CLASSIFICATION_FIELDS,
  'current_jobs_last_confirmed',
  'current_jobs_last_updated',
] as const satisfies readonly PersonField[];

/** The subset SPEC.md lists for each search result, in record order (the order results carry). */
export const PERSON_SEARCH_RESULT_FIELDS = [
  'svc_id',
  'full_name',
  'first_name',
  'last_name',
  'work_email',
  'netx_url',
  'netx_id',
  'city',
  'state',
  'state_code',
  'country',
  'country_code',
  'job_title',
  'company_name',
  'company_domain',
  'company_industry',
  'company_size',
  'seniority_level',
  'job_function',
  'years_of_experience',
  'last_seen',
] as const satisfies readonly PersonField[];

type PersonDiscoveryField =
  (typeof PERSON_SEARCH_RESULT_FIELDS)[number] | 'is_decision_maker' | 'is_platform_worker';
const DISCOVERY_FIELDS = new Set<PersonField>([
  ...PERSON_SEARCH_RESULT_FIELDS,
  'is_decision_maker',
  'is_platform_worker',
]);

/** Discovery results carry the search subset plus the two decision flags, in record order. */
export const PERSON_DISCOVERY_RESULT_FIELDS: readonly PersonDiscoveryField[] = PERSON_RECORD_FIELDS.filter(
  (f): f is PersonDiscoveryField => DISCOVERY_FIELDS.has(f),
);

export type PersonSearchResult = Pick<PersonRecord, (typeof PERSON_SEARCH_RESULT_FIELDS)[number]>;
export type PersonDiscoveryResult = Pick<PersonRecord, PersonDiscoveryField>;
