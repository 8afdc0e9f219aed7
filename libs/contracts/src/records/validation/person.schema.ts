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
import { cleanFullName, hashNormalizedEmail, isSupportedRegion, tryNormalizeEmail } from '@app/normalize';
import {
  type Check,
  type Context,
  type Rule,
  arrayOf,
  bool,
  int,
  num,
  object,
  oneOf,
  optional,
  report,
  returns,
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
import { labelVariant, labelVariantWith, textVariant } from './variants';

const confidence = optional(oneOf(CONFIDENCE_VALUES));
const count = optional(int(0));
const sources = optional(int(1));
const raw = arrayOf(string);
const flag = optional(bool);
const seen = optional(date);
const words = optional(label);

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
  type: optional(slug),
  number: e164,
  current: flag,
  confidence,
  last_seen: seen,
  num_sources: sources,
});

const HASHES = [
  ['hash_sha256', 'sha256'],
  ['hash_sha1', 'sha1'],
  ['hash_md5', 'md5'],
] as const;

/** Hashes are of the normalized address: computed when absent, checked when present. */
const hashesOfAddress: Rule<PersonEmail> = (e, ctx) => {
  const normalized = tryNormalizeEmail(e.address);
  if (!normalized.ok) return report(ctx, `expected an email address (${normalized.reason})`, 'address');
  const digests = hashNormalizedEmail(normalized.email);
  for (const [field, algorithm] of HASHES) {
    if (e[field] === null) e[field] = digests[algorithm];
    else if (e[field] !== digests[algorithm])
      report(ctx, `does not match the address (its ${algorithm} is ${digests[algorithm]})`, field);
  }
};

const emailEntry = object<PersonEmail>(
  {
    address: email,
    type: optional(oneOf(EMAIL_TYPE_VALUES)),
    current: flag,
    validated: flag,
    confidence,
    last_seen: seen,
    num_sources: sources,
    validation_status: optional(slug),
    hash_sha256: optional(hex(64)),
    hash_sha1: optional(hex(40)),
    hash_md5: optional(hex(32)),
  },
  hashesOfAddress,
);

const location = object<PersonLocation>({
  street_address: optional(text),
  address_line_2: optional(text),
  city: words,
  state: words,
  state_code: optional(stateCode),
  country: words,
  country_code: optional(countryCode),
  continent: words,
  continent_code: optional(continentCode),
  postal_code: optional(postalCode),
  postal_code_4: optional(zip4),
  geo: optional(geo),
  raw,
  current: flag,
  num_sources: sources,
  confidence,
  last_seen: seen,
});

const experienceOrganization = object<ExperienceOrganization>({
  name: labelVariant,
  website: optional(url),
  netx_url: optional(url),
  netx_id: optional(netxId),
  svc_id: optional(uuid),
  industry: words,
  size: optional(oneOf(COMPANY_SIZE_VALUES)),
});

const experience = object<PersonExperience>(
  {
    title: optional(labelVariant),
    seniority_level: optional(oneOf(SENIORITY_LEVEL_VALUES)),
    job_function: optional(oneOf(JOB_FUNCTION_VALUES)),
    expense_category: optional(oneOf(EXPENSE_CATEGORY_VALUES)),
    is_decision_maker: flag,
    is_platform_worker: flag,
    organization: optional(experienceOrganization),
    start_date: seen,
    end_date: seen,
    current: flag,
    tenure_months: count,
    description: textVariant,
  },
  notBefore('end_date', 'start_date'),
  (e, ctx) => {
    if (e.current === true && e.end_date !== null) report(ctx, 'must be null for a current job', 'end_date');
  },
);

const educationOrganization = object<EducationOrganization>({
  name: labelVariant,
  website: optional(url),
  netx_url: optional(url),
});

const education = object<PersonEducation>(
  {
    organization: optional(educationOrganization),
    degree: textVariant,
    degree_level: optional(oneOf(DEGREE_LEVEL_VALUES)),
    field_of_study: textVariant,
    start_date: optional(year),
    end_date: optional(year),
    current: flag,
  },
  notBefore('end_date', 'start_date'),
);

const certification = object<PersonCertification>(
  {
    name: labelVariant,
    institution: optional(labelVariant),
    credential_id: optional(string),
    issue_date: optional(yearMonth),
    expiration_date: optional(yearMonth),
  },
  notBefore('expiration_date', 'issue_date'),
);

const social = object<PersonSocial>({
  network: slug,
  url,
  username: optional(string),
  id: optional(string),
  current: flag,
  num_sources: sources,
  confidence,
  last_seen: seen,
});

const language = labelVariantWith<PersonLanguage>({ proficiency: words });

/** A derived field is filled from what it derives from when absent, and must agree when present. */
function derive<T>(ctx: Context, o: T, field: keyof T & string, value: T[keyof T] | null): void {
  if (value === null) return;
  if (o[field] === null) o[field] = value as T[keyof T & string];
  else if (o[field] !== value) report(ctx, `must match what it derives from (${String(value)})`, field);
}

/** A person must be nameable: full_name, or name parts to build it from (and the reverse). */
const nameParts: Rule<PersonRecord> = (p, ctx) => {
  if (p.full_name === null) {
    const parts = [p.first_name, p.middle_name, p.last_name].filter((x) => x !== null);
    if (parts.length === 0) return report(ctx, 'a person needs full_name, or first_name and/or last_name');
    p.full_name = parts.join(' ');
  }
  if (p.first_name === null && p.last_name === null) {
    const cleaned = cleanFullName(p.full_name);
    const tokens = (cleaned.ok ? cleaned.value : p.full_name).split(' ');
    p.first_name = tokens[0];
    if (tokens.length > 1) p.last_name = tokens[tokens.length - 1];
  }
};

/** Derived identity fields agree with what they derive from (filled in when absent). */
const derivedFieldsAgree: Rule<PersonRecord> = (p, ctx) => {
  if (p.birth_date !== null) {
    const [y, m, d] = p.birth_date.split('-').map(Number);
    derive(ctx, p, 'birth_year', y);
    derive(ctx, p, 'birth_month', m);
    derive(ctx, p, 'birth_day', d);
  }
  if (p.last_name !== null) derive(ctx, p, 'last_initial', p.last_name.charAt(0));
  if (p.middle_name !== null) derive(ctx, p, 'middle_initial', p.middle_name.charAt(0));
};

const personFields: Check = object<PersonRecord>(
  {
    svc_id: uuid,
    full_name: words,
    first_name: words,
    middle_name: words,
    last_name: words,
    middle_initial: optional(initial),
    last_initial: optional(initial),
    suffix: words,
    prefix: words,
    sex: optional(oneOf(SEX_VALUES)),
    birth_date: seen,
    birth_year: optional(int(1000, 9999)),
    birth_month: optional(int(1, 12)),
    birth_day: optional(int(1, 31)),
    age: optional(int(0, 150)),
    work_email: optional(email),
    mobile_phone: optional(e164),
    netx_url: optional(url),
    netx_id: optional(netxId),
    city: words,
    state: words,
    state_code: optional(stateCode),
    country: words,
    country_code: optional(countryCode),
    job_title: words,
    company_name: words,
    company_domain: optional(domain),
    company_industry: words,
    company_size: optional(oneOf(COMPANY_SIZE_VALUES)),
    company_svc_id: optional(uuid),
    company_netx_url: optional(url),
    company_netx_id: optional(netxId),
    seniority_level: optional(oneOf(SENIORITY_LEVEL_VALUES)),
    job_function: optional(oneOf(JOB_FUNCTION_VALUES)),
    expense_category: optional(oneOf(EXPENSE_CATEGORY_VALUES)),
    is_decision_maker: flag,
    is_platform_worker: flag,
    years_of_experience: count,
    avg_tenure_months: optional(num(0)),
    highest_degree_level: optional(oneOf(DEGREE_LEVEL_VALUES)),
    current_jobs_last_confirmed: seen,
    current_jobs_last_updated: seen,
    current_location_last_confirmed: seen,
    current_location_last_updated: seen,
    netx_followers: count,
    netx_connections: count,
    headline: textVariant,
    summary: textVariant,
    num_sources: sources,
    last_seen: seen,
    // The loader stamps its own build on every record; a record may come without one.
    build_version: optional(buildVersion),
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
  nameParts,
  derivedFieldsAgree,
);

/** Phones written without a country code are read in the person's own country. */
export const personRecord: Check = returns((v, ctx) => {
  const country = (v as { country_code?: unknown } | null)?.country_code;
  ctx.region = typeof country === 'string' && isSupportedRegion(country.trim()) ? country.trim() : undefined;
  return personFields(v, ctx);
}, personFields.json ?? {});
