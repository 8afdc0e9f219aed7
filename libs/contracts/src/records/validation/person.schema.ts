import {
  CONFIDENCE_VALUES,
  COMPANY_SIZE_VALUES,
  DEGREE_LEVEL_VALUES,
  EMAIL_TYPE_VALUES,
  EXPENSE_CATEGORY_VALUES,
  JOB_FUNCTION_VALUES,
  SENIORITY_LEVEL_VALUES,
  SEX_VALUES,
} from '../enums';
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
} from '../person';
import {
  type Check,
  type Rule,
  arrayOf,
  bool,
  int,
  nullable,
  num,
  object,
  oneOf,
  report,
  string,
} from './checks';
import {
  buildVersion,
  continentCode,
  countryCode,
  date,
  domain,
  e164,
  email,
  geo,
  hex,
  initial,
  label,
  netxId,
  postalCode,
  slug,
  stateCode,
  text,
  url,
  uuid,
  year,
  yearMonth,
  zip4,
} from './formats';
import { labelVariant, textVariant } from './variants';

const confidence = oneOf(CONFIDENCE_VALUES);
const count = int(0);
const sources = int(1);
const raw = arrayOf(string);

/** Rules that compare two dates of one object; ISO strings order like their dates. */
function notBefore<T>(later: keyof T & string, earlier: keyof T & string): Rule<T> {
  return (o, ctx) => {
    const a = o[later] as unknown;
    const b = o[earlier] as unknown;
    if (typeof a === 'string' && typeof b === 'string' && a < b)
      report(ctx, `must not be before ${earlier} (${b})`, later);
  };
}

const phone = object<PersonPhone>({
  type: slug,
  number: e164,
  current: bool,
  confidence,
  last_seen: date,
  num_sources: sources,
});

const emailEntry = object<PersonEmail>({
  address: email,
  type: oneOf(EMAIL_TYPE_VALUES),
  current: bool,
  validated: bool,
  confidence,
  last_seen: date,
  num_sources: sources,
  validation_status: slug,
  hash_sha256: hex(64),
  hash_sha1: hex(40),
  hash_md5: hex(32),
});

const location = object<PersonLocation>({
  street_address: text,
  address_line_2: text,
  city: label,
  state: label,
  state_code: stateCode,
  country: label,
  country_code: countryCode,
  continent: label,
  continent_code: continentCode,
  postal_code: postalCode,
  postal_code_4: zip4,
  geo,
  raw,
  current: bool,
  num_sources: sources,
  confidence,
  last_seen: date,
});

const experienceOrganization = object<ExperienceOrganization>({
  name: labelVariant,
  website: url,
  netx_url: url,
  netx_id: netxId,
  svc_id: uuid,
  industry: label,
  size: oneOf(COMPANY_SIZE_VALUES),
});

const experience = object<PersonExperience>(
  {
    title: labelVariant,
    seniority_level: oneOf(SENIORITY_LEVEL_VALUES),
    job_function: oneOf(JOB_FUNCTION_VALUES),
    expense_category: oneOf(EXPENSE_CATEGORY_VALUES),
    is_decision_maker: bool,
    is_platform_worker: bool,
    organization: experienceOrganization,
    start_date: date,
    end_date: nullable(date),
    current: bool,
    tenure_months: count,
    description: textVariant,
  },
  notBefore('end_date', 'start_date'),
  (e, ctx) => {
    if (e.current && e.end_date !== null) report(ctx, 'must be null for a current job', 'end_date');
  },
);

const educationOrganization = object<EducationOrganization>({
  name: labelVariant,
  website: url,
  netx_url: url,
});

const education = object<PersonEducation>(
  {
    organization: educationOrganization,
    degree: textVariant,
    degree_level: oneOf(DEGREE_LEVEL_VALUES),
    field_of_study: textVariant,
    start_date: year,
    end_date: year,
    current: bool,
  },
  notBefore('end_date', 'start_date'),
);

const certification = object<PersonCertification>(
  {
    name: labelVariant,
    institution: labelVariant,
    credential_id: string,
    issue_date: yearMonth,
    expiration_date: yearMonth,
  },
  notBefore('expiration_date', 'issue_date'),
);

const social = object<PersonSocial>({
  network: slug,
  url,
  username: string,
  id: nullable(string),
  current: bool,
  num_sources: sources,
  confidence,
  last_seen: date,
});

const language = object<PersonLanguage>({ cleaned: label, raw, proficiency: label });

/** Derived identity fields must agree with what they derive from. */
const derivedFieldsAgree: Rule<PersonRecord> = (p, ctx) => {
  const [y, m, d] = p.birth_date.split('-').map(Number);
  if (p.birth_year !== y) report(ctx, `must match birth_date (${y})`, 'birth_year');
  if (p.birth_month !== m) report(ctx, `must match birth_date (${m})`, 'birth_month');
  if (p.birth_day !== d) report(ctx, `must match birth_date (${d})`, 'birth_day');
  if (p.last_initial !== p.last_name.charAt(0))
    report(ctx, 'must be the first letter of last_name', 'last_initial');
  if (p.middle_name !== '' && p.middle_initial !== p.middle_name.charAt(0)) {
    report(ctx, 'must be the first letter of middle_name', 'middle_initial');
  }
};

export const personRecord: Check = object<PersonRecord>(
  {
    svc_id: uuid,
    full_name: label,
    first_name: label,
    middle_name: text,
    last_name: label,
    middle_initial: initial,
    last_initial: initial,
    suffix: nullable(label),
    prefix: nullable(label),
    sex: oneOf(SEX_VALUES),
    birth_date: date,
    birth_year: int(1000, 9999),
    birth_month: int(1, 12),
    birth_day: int(1, 31),
    age: int(0, 150),
    work_email: email,
    mobile_phone: e164,
    netx_url: url,
    netx_id: netxId,
    city: label,
    state: label,
    state_code: stateCode,
    country: label,
    country_code: countryCode,
    job_title: label,
    company_name: label,
    company_domain: domain,
    company_industry: label,
    company_size: oneOf(COMPANY_SIZE_VALUES),
    company_svc_id: uuid,
    company_netx_url: url,
    company_netx_id: netxId,
    seniority_level: oneOf(SENIORITY_LEVEL_VALUES),
    job_function: oneOf(JOB_FUNCTION_VALUES),
    expense_category: oneOf(EXPENSE_CATEGORY_VALUES),
    is_decision_maker: bool,
    is_platform_worker: bool,
    years_of_experience: count,
    avg_tenure_months: num(0),
    highest_degree_level: oneOf(DEGREE_LEVEL_VALUES),
    current_jobs_last_confirmed: date,
    current_jobs_last_updated: date,
    current_location_last_confirmed: date,
    current_location_last_updated: date,
    netx_followers: count,
    netx_connections: count,
    headline: textVariant,
    summary: textVariant,
    num_sources: sources,
    last_seen: date,
    build_version: buildVersion,
    phones: arrayOf(phone),
    emails: arrayOf(emailEntry),
    locations: arrayOf(location),
    experience: arrayOf(experience),
    education: arrayOf(education),
    certifications: arrayOf(certification),
    socials: arrayOf(social),
    skills: arrayOf(labelVariant),
    languages: arrayOf(language),
  },
  derivedFieldsAgree,
);
