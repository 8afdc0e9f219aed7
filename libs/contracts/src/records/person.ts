/**
 * The person record exactly as SPEC.md's tables give it. Only the fields SPEC.md calls
 * nullable are nullable; an unknown plain-text value is an empty string, so consumers never
 * branch on null for text (formatted values such as dates and phones are always present).
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

export interface PersonPhone {
  type: string;
  number: E164Phone;
  current: boolean;
  confidence: Confidence;
  last_seen: IsoDate;
  num_sources: number;
}

export interface PersonEmail {
  address: string;
  type: EmailType;
  current: boolean;
  validated: boolean;
  confidence: Confidence;
  last_seen: IsoDate;
  num_sources: number;
  validation_status: string;
  /** Lowercase hex digests of the normalized address (what /utility/hash/email returns). */
  hash_sha256: string;
  hash_sha1: string;
  hash_md5: string;
}

export interface PersonLocation {
  street_address: string;
  address_line_2: string;
  city: string;
  state: string;
  state_code: string;
  country: string;
  country_code: string;
  continent: string;
  continent_code: string;
  postal_code: string;
  /** The ZIP+4 extension, or empty outside the US. */
  postal_code_4: string;
  /** `<lat>,<lon>` in decimal degrees. */
  geo: string;
  raw: string[];
  current: boolean;
  num_sources: number;
  confidence: Confidence;
  last_seen: IsoDate;
}

export interface ExperienceOrganization {
  name: TextVariant;
  website: string;
  netx_url: string;
  netx_id: string;
  svc_id: SvcId;
  industry: string;
  size: CompanySize;
}

export interface PersonExperience {
  title: TextVariant;
  seniority_level: SeniorityLevel;
  job_function: JobFunction;
  expense_category: ExpenseCategory;
  is_decision_maker: boolean;
  is_platform_worker: boolean;
  organization: ExperienceOrganization;
  start_date: IsoDate;
  /** Null while the job is ongoing. */
  end_date: IsoDate | null;
  current: boolean;
  tenure_months: number;
  description: TextVariant;
}

export interface EducationOrganization {
  name: TextVariant;
  website: string;
  netx_url: string;
}

export interface PersonEducation {
  organization: EducationOrganization;
  degree: TextVariant;
  degree_level: DegreeLevel;
  field_of_study: TextVariant;
  start_date: IsoYear;
  end_date: IsoYear;
  current: boolean;
}

export interface PersonCertification {
  name: TextVariant;
  institution: TextVariant;
  credential_id: string;
  issue_date: IsoYearMonth;
  expiration_date: IsoYearMonth;
}

export interface PersonSocial {
  network: string;
  url: string;
  username: string;
  id: string | null;
  current: boolean;
  num_sources: number;
  confidence: Confidence;
  last_seen: IsoDate;
}

export interface PersonLanguage extends TextVariant {
  proficiency: string;
}

export interface PersonRecord {
  svc_id: SvcId;
  full_name: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  middle_initial: string;
  last_initial: string;
  suffix: string | null;
  prefix: string | null;
  sex: Sex;
  birth_date: IsoDate;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  age: number;
  work_email: string;
  mobile_phone: E164Phone;
  netx_url: string;
  netx_id: string;
  city: string;
  state: string;
  state_code: string;
  country: string;
  country_code: string;
  job_title: string;
  company_name: string;
  company_domain: string;
  company_industry: string;
  company_size: CompanySize;
  company_svc_id: SvcId;
  company_netx_url: string;
  company_netx_id: string;
  seniority_level: SeniorityLevel;
  job_function: JobFunction;
  expense_category: ExpenseCategory;
  is_decision_maker: boolean;
  is_platform_worker: boolean;
  years_of_experience: number;
  avg_tenure_months: number;
  highest_degree_level: DegreeLevel;
  current_jobs_last_confirmed: IsoDate;
  current_jobs_last_updated: IsoDate;
  current_location_last_confirmed: IsoDate;
  current_location_last_updated: IsoDate;
  netx_followers: number;
  netx_connections: number;
  headline: TextVariant;
  summary: TextVariant;
  num_sources: number;
  last_seen: IsoDate;
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

/** The subset SPEC.md lists for each search result. */
export const PERSON_SEARCH_RESULT_FIELDS = [
  'svc_id',
  'full_name',
  'first_name',
  'last_name',
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
  'work_email',
  'netx_url',
  'netx_id',
  'years_of_experience',
  'last_seen',
] as const satisfies readonly PersonField[];

/** Discovery results carry the search subset plus the two decision flags. */
export const PERSON_DISCOVERY_RESULT_FIELDS = [
  ...PERSON_SEARCH_RESULT_FIELDS,
  'is_decision_maker',
  'is_platform_worker',
] as const satisfies readonly PersonField[];

export type PersonSearchResult = Pick<PersonRecord, (typeof PERSON_SEARCH_RESULT_FIELDS)[number]>;
export type PersonDiscoveryResult = Pick<PersonRecord, (typeof PERSON_DISCOVERY_RESULT_FIELDS)[number]>;
